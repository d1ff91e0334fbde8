import type { AuditRecord } from "./auditRecord.js";
import type { LinkedAppend } from "./linkedAppend.js";
import type { PackedStatements } from "./packedStatements.js";

/** One batch: its statements packed (packedStatements.ts), all or none of them committed. */
export interface PackedBatch {
  packed: PackedStatements;
  durable: boolean;
}

/** A linked append (linkedAppend.ts): durable, answered with the records it appended. */
export interface AppendItem {
  append: LinkedAppend;
}

/** One item of a `batches` request. */
export type BatchItem = PackedBatch | AppendItem;

/** How one item of a `batches` request fared: what it returned (an append's records), or its error. */
export type BatchOutcome =
  { value?: AuditRecord[]; error?: undefined } | { error: { message: string; code?: string } };

/** What `WorkerSqliteDriver` asks of its worker (`sqliteWorker.ts`); each has its own id. */
export type SqliteRequest = { id: number } & (
  | { op: "open" }
  | { op: "run" | "all"; sql: string; params: unknown[] }
  /**
   * Batches and appends, in one transaction (a savepoint each), run in order once no `begin`
   * is open; answered once, with a BatchOutcome per item.
   */
  | { op: "batches"; items: BatchItem[] }
  | { op: "begin"; durable: boolean }
  | { op: "commit" | "rollback" | "integrity" | "close" }
);

/** The answer to request `id`: its value, or the error it failed with (SQLite's code kept). */
export type SqliteReply =
  | { id: number; value: unknown; error?: undefined }
  | { id: number; error: { message: string; code?: string } };
