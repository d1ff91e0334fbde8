import { AcpgateError } from "../../util/errors.js";
import type { CommandInput } from "./commandSpec.js";
import { openConfiguredStore } from "./configuredStore.js";
import { EXIT } from "./exitCodes.js";
import { callServer, remoteServer, rowOfView } from "./serverClient.js";
import { sessionJson, sessionTable } from "./sessionFormat.js";
import type { SESSIONS_LIST_FLAGS } from "./sessionsSpecs.js";

export async function sessionsListCommand({
  values,
  positionals,
  out,
}: CommandInput<typeof SESSIONS_LIST_FLAGS>): Promise<number> {
  if (positionals.length) throw new AcpgateError("usage", `sessions list takes no arguments`);
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
    throw new AcpgateError("usage", "--limit must be a positive integer");
  const server = remoteServer(values.server);
  if (server) {
    const { items } = await callServer<{ items: Record<string, unknown>[] }>(
      server,
      "GET",
      `/api/agent-sessions?limit=${limit ?? 500}`,
    );
    const rows = items.map(rowOfView);
    out.write(values.json ? rows.map((r) => sessionJson(r) + "\n").join("") : sessionTable(rows));
    return EXIT.ok;
  }
  const store = await openConfiguredStore(values.config);
  try {
    const rows = await store.listSessions({ newestFirst: true, ...(limit ? { limit } : {}) });
    out.write(values.json ? rows.map((r) => sessionJson(r) + "\n").join("") : sessionTable(rows));
  } finally {
    await store.close();
  }
  return EXIT.ok;
}
