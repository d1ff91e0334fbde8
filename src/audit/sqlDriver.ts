import type { AuditRecord } from "./auditRecord.js";
import type { LinkedAppend } from "./linkedAppend.js";
import type { Dialect } from "./migrations.js";

/** Row values as both drivers hand them over (pg gives BIGINT as string). */
export type SqlRow = Record<string, string | number | null>;

/** One statement and its parameters. */
export type SqlStatement = [sql: string, params: unknown[]];

/** One statement of a job written as steps (linkedAppend.ts): rows read back (`all`), or none. */
export interface SqlStep {
  op: "run" | "all";
  sql: string;
  params: unknown[];
}

/** A job's statements, written once: each `yield` is answered with its rows ([] for `run`). */
export type SqlSteps<T> = Generator<SqlStep, T, SqlRow[]>;

/** SQL with `?` placeholders; the postgres driver numbers them. */
export interface SqlExecutor {
  run(sql: string, params?: unknown[]): Promise<void>;
  all(sql: string, params?: unknown[]): Promise<SqlRow[]>;
}

/**
 * The little a store needs from a database: statements and transactions. `chainLock`
 * serialises writers across processes (PostgreSQL: a transaction-scoped advisory lock; SQLite
 * takes its one write lock, BEGIN IMMEDIATE, for every transaction): `true` is the one
 * database-wide lock (migrations, lost sessions), a chain id locks that audit chain only, so
 * the head of the chain read inside is its head and writers of other chains do not wait. `durable: false` (the wire journal, not durable by
 * design) lets a commit return before the database syncs it: SQLite commits it as
 * `synchronous = NORMAL` (in WAL mode: no fsync of its own; the next durable commit syncs
 * it), PostgreSQL with `synchronous_commit = off`.
 */
export interface SqlDriver extends SqlExecutor {
  readonly dialect: Dialect;
  /** Where the data lives, for messages (file path, or URL without password). */
  readonly location: string;
  transaction<T>(
    fn: (tx: SqlExecutor) => Promise<T>,
    options?: { chainLock?: boolean | string; durable?: boolean },
  ): Promise<T>;
  /**
   * Write statements all or none (a transaction of their own, or in `WorkerSqliteDriver` a
   * savepoint of one shared with the batches posted with them), handed to the database (no
   * result is read back). Serialised with the other transactions; a driver whose database
   * runs elsewhere (`WorkerSqliteDriver`) may commit it before transactions still waiting
   * behind the open one. The wire journal's batches and the session rows.
   */
  batch(statements: SqlStatement[], options?: { durable?: boolean }): Promise<void>;
  /**
   * Optional: the whole linked append (linkedAppend.ts) in a durable transaction under the
   * lock of its chain, run where the database is, the records linked answered back once
   * committed. A driver whose database runs elsewhere offers it (`WorkerSqliteDriver`: in the
   * one message and transaction of its turn's batches, under a savepoint of its own, instead
   * of a message per statement); without it the store runs the same steps in `transaction`.
   */
  appendLinked?(append: LinkedAppend, options?: { relaxed?: boolean }): Promise<AuditRecord[]>;
  /**
   * Optional: hands over now the writes the driver holds back to share a message
   * (`WorkerSqliteDriver`'s batches that are not durable): a read that waits for them does
   * not wait for company.
   */
  flush?(): void;
  /** Optional: the store is closing: from now on nothing is held back to share a message. */
  closing?(): void;
  /**
   * The database's own check of its files, beyond what the chain covers (pages of other
   * tables, indexes): the problems found, [] when none, or undefined where the database
   * offers no such check to a client (PostgreSQL keeps its own page checksums).
   */
  checkIntegrity(): Promise<string[] | undefined>;
  close(): Promise<void>;
}
