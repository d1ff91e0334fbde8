import { isAbsolute, resolve } from "node:path";
import type { StorageConfig } from "../config/storageSchema.js";
import { AcpgateError, errorMessage } from "../util/errors.js";
import { PostgresDriver } from "./postgresDriver.js";
import { SqlAuditStore } from "./sqlAuditStore.js";
import { SqliteDriver } from "./sqliteDriver.js";

/** Journal entries older than this many days are deleted when a store opens. */
export const DEFAULT_JOURNAL_RETENTION_DAYS = 30;

/**
 * The store the configuration names: `{sqlite: path}` (relative to `cwd`) or
 * `{postgres: url}`. Returns at once; the schema is migrated in the background and every
 * operation waits for it. Call `open()` on the result to surface a connection error early.
 */
export function createAuditStore(storage: StorageConfig, cwd: string): SqlAuditStore {
  try {
    if ("postgres" in storage) return new SqlAuditStore(new PostgresDriver(storage.postgres));
    const file =
      isAbsolute(storage.sqlite) || storage.sqlite === ":memory:"
        ? storage.sqlite
        : resolve(cwd, storage.sqlite);
    return new SqlAuditStore(new SqliteDriver(file));
  } catch (error) {
    throw new AcpgateError(
      "audit_failed",
      `cannot open the audit store: ${errorMessage(error)}`,
      {},
      { cause: error },
    );
  }
}

/** Opens, migrates and applies journal retention; rejects with `audit_failed` when it cannot. */
export async function openAuditStore(
  storage: StorageConfig,
  cwd: string,
  options: { journalRetentionDays?: number } = {},
): Promise<SqlAuditStore> {
  const store = createAuditStore(storage, cwd);
  try {
    await store.open();
    await applyRetention(store, options.journalRetentionDays ?? DEFAULT_JOURNAL_RETENTION_DAYS);
  } catch (error) {
    await store.close().catch(() => undefined);
    throw new AcpgateError(
      "audit_failed",
      `cannot open the audit store at ${store.location}: ${errorMessage(error)}`,
      {},
      { cause: error },
    );
  }
  return store;
}

export async function applyRetention(store: SqlAuditStore, days: number): Promise<number> {
  if (!(days > 0)) return 0;
  return store.pruneJournal(new Date(Date.now() - days * 86_400_000).toISOString());
}
