import { AcpgateError } from "../../util/errors.js";
import type { CommandInput } from "./commandSpec.js";
import { openConfiguredStore } from "./configuredStore.js";
import { EXIT } from "./exitCodes.js";
import { findSession } from "./findSession.js";
import { latestRun } from "./resumeTarget.js";
import { callServer, remoteServer, rowOfView } from "./serverClient.js";
import { sessionDetail, sessionJson } from "./sessionFormat.js";
import type { SESSIONS_SHOW_FLAGS } from "./sessionsSpecs.js";

export async function sessionsShowCommand({
  values,
  positionals,
  out,
}: CommandInput<typeof SESSIONS_SHOW_FLAGS>): Promise<number> {
  const [ref] = positionals;
  if (ref === undefined || positionals.length > 1)
    throw new AcpgateError("usage", "sessions show takes one session id or name");
  const server = remoteServer(values.server);
  if (server) {
    const view = await callServer<Record<string, unknown>>(
      server,
      "GET",
      `/api/agent-sessions/${encodeURIComponent(ref)}`,
    );
    const row = rowOfView(view);
    const detail = sessionDetail(row, undefined).replace(/^--resume.*\n/m, "");
    out.write(values.json ? sessionJson(row) + "\n" : detail);
    return EXIT.ok;
  }
  const store = await openConfiguredStore(values.config);
  try {
    const row = await findSession(store, ref);
    if (!row) {
      process.stderr.write(`acpgate: no session '${ref}' (by id or name) in ${store.location}\n`);
      return EXIT.runtime;
    }
    const continues = await latestRun(store, row);
    out.write(
      values.json
        ? sessionJson(row, { continues: continues?.id ?? null }) + "\n"
        : sessionDetail(row, continues),
    );
    return EXIT.ok;
  } finally {
    await store.close();
  }
}
