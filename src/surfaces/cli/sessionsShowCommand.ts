import { AcpgateError } from "../../util/errors.js";
import { parseCommandArgs } from "./args.js";
import { openConfiguredStore } from "./configuredStore.js";
import { EXIT } from "./exitCodes.js";
import { findSession } from "./findSession.js";
import { latestRun } from "./resumeTarget.js";
import { sessionDetail, sessionJson } from "./sessionFormat.js";

export const SESSIONS_SHOW_HELP = `Usage: acpgate sessions show ID|NAME [--json] [--config FILE]

Prints one recorded session (by its full id or the --name its run was given): every recorded
field, and which run 'acpgate run --resume' would continue. --json prints one line (schema
acpgate.session.v1) with 'continues': that run's id, or null. Exit 1 when there is none.
`;

export async function sessionsShowCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs("sessions show", argv, {
    json: { type: "boolean" },
    config: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    process.stdout.write(SESSIONS_SHOW_HELP);
    return EXIT.ok;
  }
  const [ref] = positionals;
  if (ref === undefined || positionals.length > 1)
    throw new AcpgateError(
      "usage",
      `sessions show takes one session id or name\n\n${SESSIONS_SHOW_HELP}`,
    );
  const store = await openConfiguredStore(values.config);
  try {
    const row = await findSession(store, ref);
    if (!row) {
      process.stderr.write(`acpgate: no session '${ref}' (by id or name) in ${store.location}\n`);
      return EXIT.runtime;
    }
    const continues = await latestRun(store, row);
    process.stdout.write(
      values.json
        ? sessionJson(row, { continues: continues?.id ?? null }) + "\n"
        : sessionDetail(row, continues),
    );
    return EXIT.ok;
  } finally {
    await store.close();
  }
}
