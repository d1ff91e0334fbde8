import type { SqlAuditStore } from "../../src/audit/sqlAuditStore.js";

/**
 * Resolves once the work a store started on its own is done (the chain's tail check that
 * open starts reads the database, and a read hands over what waits in the SQLite worker's
 * queue): tests that count the worker's messages begin after it.
 */
export async function storeIdle(store: SqlAuditStore): Promise<void> {
  const started = (store as unknown as { inflight: Set<Promise<unknown>> }).inflight;
  while (started.size > 0) await Promise.allSettled([...started]);
}
