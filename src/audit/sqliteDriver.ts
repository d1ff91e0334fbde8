import { SqliteEngine, type SqliteEngineOptions } from "./sqliteEngine.js";
import type { SqlDriver, SqlExecutor, SqlRow, SqlStatement } from "./sqlDriver.js";

/**
 * A `SqliteEngine` on the calling thread: readers (audit list/verify/export), tests and tools.
 * A writing plane uses `WorkerSqliteDriver`, the same engine in a worker thread. Transactions
 * are serialised in-process by a promise chain (one connection), and across processes by
 * SQLite's write lock.
 */
export class SqliteDriver implements SqlDriver {
  readonly dialect = "sqlite" as const;
  private readonly engine: SqliteEngine;
  private tail: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    readonly location: string,
    options: SqliteEngineOptions = {},
  ) {
    this.engine = new SqliteEngine(location, options);
  }

  async run(sql: string, params: unknown[] = []): Promise<void> {
    this.engine.run(sql, params);
  }

  async all(sql: string, params: unknown[] = []): Promise<SqlRow[]> {
    return this.engine.all(sql, params);
  }

  transaction<T>(
    fn: (tx: SqlExecutor) => Promise<T>,
    options: { durable?: boolean } = {},
  ): Promise<T> {
    const next = this.tail.then(async () => {
      this.engine.begin(options.durable !== false);
      let result: T;
      try {
        result = await fn(this);
      } catch (error) {
        this.engine.rollback();
        throw error;
      }
      this.engine.commit();
      return result;
    });
    this.tail = next.catch(() => undefined);
    return next;
  }

  batch(statements: SqlStatement[], options: { durable?: boolean } = {}): Promise<void> {
    return this.transaction(async (tx) => {
      for (const [sql, params] of statements) await tx.run(sql, params);
    }, options);
  }

  async checkIntegrity(): Promise<string[]> {
    return this.engine.checkIntegrity();
  }

  async close(): Promise<void> {
    await this.tail;
    if (this.closed) return;
    this.closed = true;
    this.engine.close();
  }
}
