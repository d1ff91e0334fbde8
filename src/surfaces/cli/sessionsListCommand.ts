import { AcpgateError } from "../../util/errors.js";
import { parseCommandArgs } from "./args.js";
import { openConfiguredStore } from "./configuredStore.js";
import { EXIT } from "./exitCodes.js";
import { sessionJson, sessionTable } from "./sessionFormat.js";

export const SESSIONS_LIST_HELP = `Usage: acpgate sessions list [--limit N] [--json] [--config FILE]

Lists recorded sessions, newest first: id, name, agent, state, turns, stop reason, policy,
mode, creation time. --json prints one line per session (schema acpgate.session.v1).
`;

export async function sessionsListCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs("sessions list", argv, {
    limit: { type: "string" },
    json: { type: "boolean" },
    config: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    process.stdout.write(SESSIONS_LIST_HELP);
    return EXIT.ok;
  }
  if (positionals.length) throw new AcpgateError("usage", `sessions list takes no arguments`);
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
    throw new AcpgateError("usage", "--limit must be a positive integer");
  const store = await openConfiguredStore(values.config);
  try {
    const rows = await store.listSessions({ newestFirst: true, ...(limit ? { limit } : {}) });
    process.stdout.write(
      values.json ? rows.map((r) => sessionJson(r) + "\n").join("") : sessionTable(rows),
    );
  } finally {
    await store.close();
  }
  return EXIT.ok;
}
