import { AcpgateError } from "../../util/errors.js";
import { EXIT } from "./exitCodes.js";
import { sessionsListCommand } from "./sessionsListCommand.js";
import { sessionsShowCommand } from "./sessionsShowCommand.js";

export const SESSIONS_HELP = `Usage: acpgate sessions <list|show> [options] [--config FILE]

  list [--limit N] [--json]      recorded sessions, newest first
  show ID|NAME [--json]          one session: every recorded field, and what --resume continues

Both read the audit store of the configuration; they start no agent.
`;

const SUBCOMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  list: sessionsListCommand,
  show: sessionsShowCommand,
};

export async function sessionsCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === "-h" || sub === "--help" || sub === "help") {
    process.stdout.write(SESSIONS_HELP);
    return sub === undefined ? EXIT.usage : EXIT.ok;
  }
  const handler = SUBCOMMANDS[sub];
  if (!handler)
    throw new AcpgateError("usage", `unknown 'sessions' command '${sub}'\n\n${SESSIONS_HELP}`);
  return handler(rest);
}
