import { AcpgateError } from "../../util/errors.js";
import { auditAnchorCommand } from "./auditAnchorCommand.js";
import { auditExportCommand } from "./auditExportCommand.js";
import { auditListCommand } from "./auditListCommand.js";
import { auditShowCommand } from "./auditShowCommand.js";
import { auditVerifyCommand } from "./auditVerifyCommand.js";
import { EXIT } from "./exitCodes.js";

export const AUDIT_HELP = `Usage: acpgate audit <list|show|verify|anchor|export> [options] [--config FILE]

  list [--session ID] [--kind K] [--since T] [--json]   audit records, oldest first
  show ID                                               one record, every field
  verify [--anchor HASH]...                             check the database and the hash chain (exit 1 if broken)
  anchor                                                print the newest record's hash, to keep elsewhere
  export --format jsonl [--session ID] [--since T]      one JSON record per line
`;

const SUBCOMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  list: auditListCommand,
  show: auditShowCommand,
  verify: auditVerifyCommand,
  anchor: auditAnchorCommand,
  export: auditExportCommand,
};

export async function auditCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === "-h" || sub === "--help" || sub === "help") {
    process.stdout.write(AUDIT_HELP);
    return sub === undefined ? EXIT.usage : EXIT.ok;
  }
  const handler = SUBCOMMANDS[sub];
  if (!handler)
    throw new AcpgateError("usage", `unknown 'audit' command '${sub}'\n\n${AUDIT_HELP}`);
  return handler(rest);
}
