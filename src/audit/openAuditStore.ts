import { isAbsolute, resolve } from "node:path";
import type { StorageConfig } from "../config/storageSchema.js";
import { PostgresDriver } from "./postgresDriver.js";
import { SqlAuditStore } from "./sqlAuditStore.js";
import { SqliteDriver } from "./sqliteDriver.js";

/** Journal entries older than this many days are deleted when a store opens. */
export const DEFAULT_JOURNAL_RETENTION_DAYS = 30;

/**
 * The store the configuration names: `{sqlite: path}` (relative to `cwd`) or
 * `{postgres: url}`. Nothing is opened until the first operation; `openAuditStore` opens at
 * once and reports a store that cannot be reached as `audit_failed`.
 */
export function createAuditStore(storage: StorageConfig, cwd: string): SqlAuditStore {
  const journalRetentionDays = storage.journalRetentionDays ?? DEFAULT_JOURNAL_RETENTION_DAYS;
  if ("postgres" in storage) {
    const driver = (): PostgresDriver => new PostgresDriver(storage.postgres);
    return new SqlAuditStore(driver, PostgresDriver.describe(storage.postgres), {
      journalRetentionDays,
    });
  }
  const file =
    isAbsolute(storage.sqlite) || storage.sqlite === ":memory:"
      ? storage.sqlite
      : resolve(cwd, storage.sqlite);
  const synchronous = storage.synchronous ?? "full";
  return new SqlAuditStore(() => new SqliteDriver(file, { synchronous }), file, {
    journalRetentionDays,
  });
}

export async function openAuditStore(storage: StorageConfig, cwd: string): Promise<SqlAuditStore> {
  const store = createAuditStore(storage, cwd);
  try {
    return await store.open();
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
}
