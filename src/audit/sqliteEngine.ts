import Database from "better-sqlite3";
import { createPrivateFile } from "./sqliteFile.js";
import { openReadOnly } from "./sqliteReadOnly.js";
import type { SqlRow } from "./sqlDriver.js";

/** How long a statement waits for another process's lock before it fails busy. */
const BUSY_TIMEOUT_MS = 10_000;
/**
 * SQLite's own default page cache, 2 MiB (`cache_size` < 0 is in KiB). better-sqlite3 is
 * compiled with 16 MB, which a writing connection fills with the wire journal's new pages:
 * over a 100,000-chunk stream ~15 MiB more peak RSS than 2 MiB, no faster (docs/bench.md,
 * round 3). Reads go through the OS's file cache as well.
 */
const CACHE_SIZE_KIB = 2000;

export interface SqliteEngineOptions {
  synchronous?: "full" | "normal";
  readOnly?: boolean;
}

/**
 * One better-sqlite3 connection, synchronous: WAL mode with `synchronous = FULL` (a committed
 * transaction survives a crash of the process and of the machine), prepared statements kept
 * by their text. `SqliteDriver` runs it on the calling thread, `WorkerSqliteDriver` in a
 * worker thread of its own (`sqliteWorker.ts`). `readOnly` opens an existing file and never
 * writes to it nor creates anything beside it.
 */
export class SqliteEngine {
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly release: () => void;
  private readonly readOnly: boolean;
  private readonly fullSync: boolean;
  private relaxed = false;

  constructor(location: string, options: SqliteEngineOptions = {}) {
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
      this.db.pragma(`synchronous = ${this.fullSync ? "FULL" : "NORMAL"}`);
      this.db.pragma("foreign_keys = ON");
      this.db.pragma(`cache_size = -${CACHE_SIZE_KIB}`);
    } catch (error) {
      // Busy while another process sets the database up: the caller opens it again.
      this.db.close();
      throw error;
    }
  }

  run(sql: string, params: unknown[] = []): void {
    this.prepare(sql).run(...params);
  }

  all(sql: string, params: unknown[] = []): SqlRow[] {
    return this.prepare(sql).all(...params) as SqlRow[];
  }

  /**
   * Every transaction here writes: it takes the write lock first. A deferred one that reads
   * before it writes cannot wait for that lock (SQLite answers "database is locked" at once
   * when another process committed since the read), so it would fail under load. Not
   * durable (the wire journal): committed without a sync of its own, as NORMAL does in WAL
   * mode; the next FULL commit syncs the WAL, these frames with it.
   */
  begin(durable: boolean): void {
    this.relaxed = !durable && this.fullSync;
    if (this.relaxed) this.control("PRAGMA synchronous = NORMAL");
    try {
      this.control("BEGIN IMMEDIATE");
    } catch (error) {
      this.restore();
      throw error;
    }
  }

  commit(): void {
    try {
      this.control("COMMIT");
    } catch (error) {
      this.rollback();
      throw error;
    } finally {
      this.restore();
    }
  }

  /** A savepoint inside the open transaction (`sqliteWorker.ts`: one per batch). */
  savepoint(): void {
    this.control("SAVEPOINT batch");
  }

  releaseSavepoint(): void {
    this.control("RELEASE batch");
  }

  /** Undoes what was done since the savepoint, and ends it; the transaction stays open. */
  rollbackToSavepoint(): void {
    this.control("ROLLBACK TO batch");
    this.control("RELEASE batch");
  }

  rollback(): void {
    try {
      if (this.db.inTransaction) this.control("ROLLBACK");
    } finally {
      this.restore();
    }
  }

  /** `PRAGMA integrity_check`: every page, b-tree and index of the file (a read, no lock held). */
  checkIntegrity(): string[] {
    try {
      const rows = this.db.pragma("integrity_check") as { integrity_check: string }[];
      const problems = rows.map((row) => row.integrity_check);
      return problems.length === 1 && problems[0] === "ok" ? [] : problems;
    } catch (error) {
      // A page so damaged that the check itself cannot read it.
      return [(error as Error).message];
    }
  }

  close(): void {
    if (!this.db.open) return;
    // Folds the WAL back into the database file, so that a closed store is one file.
    if (!this.readOnly) this.db.pragma("wal_checkpoint(TRUNCATE)");
    this.release();
  }

  private restore(): void {
    if (this.relaxed) this.control("PRAGMA synchronous = FULL");
    this.relaxed = false;
  }

  /**
   * A statement that controls the transaction (BEGIN, COMMIT, a savepoint, the relaxed
   * commit's `synchronous`), prepared once: `exec` and `pragma` parsed it again at each of
   * a stream's journal batches, several a batch.
   */
  private control(sql: string): void {
    this.prepare(sql).run();
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
