import Database from "better-sqlite3";
import { createPrivateFile } from "./sqliteFile.js";
import { openReadOnly } from "./sqliteReadOnly.js";
import type { SqlDriver, SqlExecutor, SqlRow } from "./sqlDriver.js";

/** How long a statement waits for another process's lock before it fails busy. */
const BUSY_TIMEOUT_MS = 10_000;

/**
 * better-sqlite3 in WAL mode with `synchronous = FULL`: a committed transaction survives a
 * crash of the process and of the machine. Transactions are serialised in-process by a
 * promise chain (one connection), and across processes by SQLite's write lock.
 * `readOnly` opens an existing file and never writes to it nor creates anything beside it.
 */
export class SqliteDriver implements SqlDriver {
  readonly dialect = "sqlite" as const;
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  private tail: Promise<unknown> = Promise.resolve();
  private readonly release: () => void;
  private readonly readOnly: boolean;
  private readonly fullSync: boolean;

  constructor(
    readonly location: string,
    options: { synchronous?: "full" | "normal"; readOnly?: boolean } = {},
  ) {
    this.readOnly = options.readOnly === true;
    this.fullSync = options.synchronous !== "normal";
    if (this.readOnly) {
      const opened = openReadOnly(location, BUSY_TIMEOUT_MS);
      this.db = opened.db;
      this.release = opened.release;
      return;
    }
    if (location !== ":memory:") createPrivateFile(location);
    this.db = new Database(location, { timeout: BUSY_TIMEOUT_MS });
    this.release = () => this.db.close();
    try {
      this.db.pragma("journal_mode = WAL");
      this.db.pragma(`synchronous = ${options.synchronous === "normal" ? "NORMAL" : "FULL"}`);
      this.db.pragma("foreign_keys = ON");
    } catch (error) {
      // Busy while another process sets the database up: the caller opens it again.
      this.db.close();
      throw error;
    }
  }

  async run(sql: string, params: unknown[] = []): Promise<void> {
    this.prepare(sql).run(...params);
  }

  async all(sql: string, params: unknown[] = []): Promise<SqlRow[]> {
    return this.prepare(sql).all(...params) as SqlRow[];
  }

  transaction<T>(
    fn: (tx: SqlExecutor) => Promise<T>,
    options: { durable?: boolean } = {},
  ): Promise<T> {
    // Not durable (the wire journal): committed without a sync of its own, as NORMAL does in
    // WAL mode; the next FULL commit syncs the WAL, these frames with it.
    const relaxed = options.durable === false && this.fullSync;
    const next = this.tail.then(async () => {
      if (relaxed) this.db.pragma("synchronous = NORMAL");
      try {
        // Every transaction here writes: take the write lock first. A deferred one that reads
        // before it writes cannot wait for that lock (SQLite answers "database is locked" at
        // once when another process committed since the read), so it would fail under load.
        this.db.exec("BEGIN IMMEDIATE");
        try {
          const result = await fn(this);
          this.db.exec("COMMIT");
          return result;
        } catch (error) {
          if (this.db.inTransaction) this.db.exec("ROLLBACK");
          throw error;
        }
      } finally {
        if (relaxed) this.db.pragma("synchronous = FULL");
      }
    });
    this.tail = next.catch(() => undefined);
    return next;
  }

  /** `PRAGMA integrity_check`: every page, b-tree and index of the file (a read, no lock held). */
  async checkIntegrity(): Promise<string[]> {
    try {
      const rows = this.db.pragma("integrity_check") as { integrity_check: string }[];
      const problems = rows.map((row) => row.integrity_check);
      return problems.length === 1 && problems[0] === "ok" ? [] : problems;
    } catch (error) {
      // A page so damaged that the check itself cannot read it.
      return [(error as Error).message];
    }
  }

  async close(): Promise<void> {
    await this.tail;
    if (this.db.open) {
      // Folds the WAL back into the database file, so that a closed store is one file.
      if (!this.readOnly) this.db.pragma("wal_checkpoint(TRUNCATE)");
      this.release();
    }
  }

  private prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
