import { existsSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import type { StorageConfig } from "../config/storageSchema.js";
import { resolveChainKey, type SecretLookup } from "./chainKey.js";
import { PostgresDriver } from "./postgresDriver.js";
import { SqlAuditStore, type WarningSink } from "./sqlAuditStore.js";
import type { SqlDriver } from "./sqlDriver.js";
import { SqliteDriver } from "./sqliteDriver.js";
import { WorkerSqliteDriver } from "./workerSqliteDriver.js";

/** Journal entries older than this many days are deleted when a store opens. */
export const DEFAULT_JOURNAL_RETENTION_DAYS = 30;

export interface AuditStoreOptions {
  /**
   * `read`: for commands that only read (audit list/show/verify/export, policy replay). No
   * database is created, migrated or pruned, and a database the user may read but not write
   * is enough. Default `write`.
   */
  access?: "read" | "write";
  /** Reads `storage.chainKey`'s secret (the plane's credential broker). */
  secret?: SecretLookup;
  /** Where a writer reports a chain it found broken at open (default: stderr). */
  logger?: WarningSink;
  /**
   * Where a SQLite writer runs its statements and commits: `worker` (default), a worker
   * thread of its own (`WorkerSqliteDriver`), so that they never hold the event loop; or
   * `caller`, on this thread. A worker costs about 0.1 s of CPU to start and 15–30 MiB;
   * a short-lived process (`acpgate run`) saves more by not starting one (docs/bench.md).
   */
  thread?: "worker" | "caller";
}

/**
 * The store the configuration names: `{sqlite: path}` (relative to `cwd`) or
 * `{postgres: url}`. Nothing is opened until the first operation; `openAuditStore` opens at
 * once and reports a store that cannot be reached as `audit_failed`.
 */
export function createAuditStore(
  storage: StorageConfig,
  cwd: string,
  options: AuditStoreOptions = {},
): SqlAuditStore {
  const readOnly = options.access === "read";
  const chainKey = storage.chainKey;
  const storeOptions = {
    journalRetentionDays: storage.journalRetentionDays ?? DEFAULT_JOURNAL_RETENTION_DAYS,
    readOnly,
    ...(chainKey ? { chainKey: () => resolveChainKey(chainKey.secret, options.secret) } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  };
  if ("postgres" in storage) {
    const driver = (): PostgresDriver => new PostgresDriver(storage.postgres);
    return new SqlAuditStore(driver, PostgresDriver.describe(storage.postgres), storeOptions);
  }
  const file =
    isAbsolute(storage.sqlite) || storage.sqlite === ":memory:"
      ? storage.sqlite
      : resolve(cwd, storage.sqlite);
  const synchronous = storage.synchronous ?? "full";
  // A reader of a file that does not exist reads an empty database, and creates none.
  // A writer's SQLite runs in a worker thread unless asked otherwise; a reader's on this one.
  const inWorker = !readOnly && options.thread !== "caller";
  const driver = (): SqlDriver =>
    inWorker
      ? new WorkerSqliteDriver(file, { synchronous })
      : readOnly && !existsSync(file)
        ? new SqliteDriver(":memory:")
        : new SqliteDriver(file, { synchronous, readOnly });
  return new SqlAuditStore(driver, file, storeOptions);
}

export async function openAuditStore(
  storage: StorageConfig,
  cwd: string,
  options: AuditStoreOptions = {},
): Promise<SqlAuditStore> {
  const store = createAuditStore(storage, cwd, options);
  try {
    return await store.open();
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
}
