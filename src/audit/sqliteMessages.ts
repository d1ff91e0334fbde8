import type { LinkedAppend } from "./linkedAppend.js";
import type { PackedStatements } from "./packedStatements.js";

/** One batch: its statements packed (packedStatements.ts), all or none of them committed. */
export interface PackedBatch {
  packed: PackedStatements;
  durable: boolean;
}

/** How one batch of a `batches` request failed (null: committed). */
export type BatchFailure = { message: string; code?: string } | null;

/** What `WorkerSqliteDriver` asks of its worker (`sqliteWorker.ts`); each has its own id. */
export type SqliteRequest = { id: number } & (
  | { op: "open" }
  | { op: "run" | "all"; sql: string; params: unknown[] }
  /**
   * Batches, in one transaction (a savepoint each), run in order once no `begin` is open; answered
   * once, with a BatchFailure per batch.
   */
  | { op: "batches"; items: PackedBatch[] }
  /** A linked append (linkedAppend.ts) in a durable transaction of its own: answered its records. */
  | { op: "append"; append: LinkedAppend }
  | { op: "begin"; durable: boolean }
  | { op: "commit" | "rollback" | "integrity" | "close" }
);

/** The answer to request `id`: its value, or the error it failed with (SQLite's code kept). */
export type SqliteReply =
  | { id: number; value: unknown; error?: undefined }
  | { id: number; error: { message: string; code?: string } };
