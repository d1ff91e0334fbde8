import { createRequire } from "node:module";
import type pg from "pg";
import type { SqlDriver, SqlExecutor, SqlRow, SqlStatement } from "./sqlDriver.js";

/**
 * `pg` is loaded when a PostgreSQL store is first opened, not when acpgate starts: most runs
 * use SQLite, and loading `pg` costs every one-shot `acpgate run` ~5 ms (docs/bench.md).
 */
export function loadPg(): typeof pg {
  return createRequire(import.meta.url)("pg") as typeof pg;
}

/**
 * acpgate's advisory lock key: alone, the database-wide lock (migrations, lost sessions); with
 * the hash of a chain id as second key (a different lock space), the lock of that audit chain.
 */
const CHAIN_LOCK_KEY = 0x61637067; // "acpg"

/** PostgreSQL through a `pg` pool. Durability is the server's: COMMIT returns after the WAL flush. */
export class PostgresDriver implements SqlDriver {
  readonly dialect = "postgres" as const;
  readonly location: string;
  private readonly pool: pg.Pool;

  /**
   * `asyncCommit`: every commit on this pool returns before the WAL flush
   * (`synchronous_commit = off`), for writes that are not record-before-respond.
   */
  constructor(url: string, options: { max?: number; asyncCommit?: boolean } = {}) {
    this.location = PostgresDriver.describe(url);
    this.pool = new (loadPg().Pool)({
      connectionString: url,
      max: options.max ?? 4,
      ...(options.asyncCommit ? { options: "-c synchronous_commit=off" } : {}),
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    this.pool.on("error", () => undefined);
  }

  /** The URL without its password, for messages. */
  static describe(url: string): string {
    return hidePassword(url);
  }

  async run(sql: string, params: unknown[] = []): Promise<void> {
    await this.pool.query(numbered(sql), params);
  }

  async all(sql: string, params: unknown[] = []): Promise<SqlRow[]> {
    return (await this.pool.query(numbered(sql), params)).rows as SqlRow[];
  }

  async transaction<T>(
    fn: (tx: SqlExecutor) => Promise<T>,
    options: { chainLock?: boolean | string; durable?: boolean } = {},
  ): Promise<T> {
    const client = await this.pool.connect();
    const tx: SqlExecutor = {
      run: async (sql, params = []) => {
        await client.query(numbered(sql), params);
      },
      all: async (sql, params = []) => (await client.query(numbered(sql), params)).rows as SqlRow[],
    };
    try {
      await client.query("BEGIN");
      if (options.durable === false) await client.query("SET LOCAL synchronous_commit = off");
      if (typeof options.chainLock === "string") {
        await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [
          CHAIN_LOCK_KEY,
          options.chainLock,
        ]);
      } else if (options.chainLock) {
        await client.query("SELECT pg_advisory_xact_lock($1)", [CHAIN_LOCK_KEY]);
      }
      const result = await fn(tx);
      await client.query("COMMIT");
      client.release();
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      client.release(error instanceof Error ? error : undefined);
      throw error;
    }
  }

  /** Batches commit one after the other, in the order given (the pool would run them side by side). */
  batch(statements: SqlStatement[], options: { durable?: boolean } = {}): Promise<void> {
    const next = this.batches.then(() =>
      this.transaction(async (tx) => {
        for (const [sql, params] of statements) await tx.run(sql, params);
      }, options),
    );
    this.batches = next.catch(() => undefined);
    return next;
  }
  private batches: Promise<unknown> = Promise.resolve();

  async checkIntegrity(): Promise<undefined> {
    return undefined;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** `?` → `$1, $2, …` (acpgate's SQL has no `?` inside literals). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

function hidePassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgres";
  }
}
