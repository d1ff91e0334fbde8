// The worker thread of `WorkerSqliteDriver`: owns one `SqliteEngine` and answers each request
// in the order given, so that SQLite's synchronous work (statements, commits, the fsync of a
// durable commit) never runs on the plane's event loop. `batches` (the wire journal's, the
// session rows' and the audit's appends) that arrive while a `begin` is open wait for its
// commit or rollback.
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import type { AuditRecord } from "./auditRecord.js";
import { linkedAppend, runStepsNow } from "./linkedAppend.js";
import { unpackStatements } from "./packedStatements.js";
import { SqliteEngine, type SqliteEngineOptions } from "./sqliteEngine.js";
import type { BatchItem, BatchOutcome, SqliteReply, SqliteRequest } from "./sqliteMessages.js";

/** Answers `port`'s requests on the database at `location` (opened by the first, `open`). */
export function serveSqlite(
  port: MessagePort,
  location: string,
  options: SqliteEngineOptions,
): void {
  let engine: SqliteEngine | undefined;
  let open = false;
  const waiting: SqliteRequest[] = [];

  function opened(): SqliteEngine {
    if (!engine) throw new Error(`the database at ${location} is not open`);
    return engine;
  }

  function handle(request: SqliteRequest): unknown {
    switch (request.op) {
      case "open":
        engine ??= new SqliteEngine(location, options);
        return undefined;
      case "run":
        return opened().run(request.sql, request.params);
      case "all":
        return opened().all(request.sql, request.params);
      case "batches":
        return commitBatches(opened(), request.items);
      case "begin":
        opened().begin(request.durable);
        open = true;
        return undefined;
      case "commit":
      case "rollback":
        open = false;
        return request.op === "commit" ? opened().commit() : opened().rollback();
      case "integrity":
        return opened().checkIntegrity();
      case "close":
        opened().close();
        engine = undefined;
        return undefined;
    }
  }

  function answer(request: SqliteRequest): void {
    let reply: SqliteReply;
    try {
      reply = { id: request.id, value: handle(request) };
    } catch (error) {
      const { message, code } = error as { message?: unknown; code?: unknown };
      const failure = { message: String(message ?? error) };
      reply = { id: request.id, error: typeof code === "string" ? { ...failure, code } : failure };
    }
    port.postMessage(reply);
  }

  port.on("message", (request: SqliteRequest) => {
    if (request.op === "batches" && open) {
      waiting.push(request);
      return;
    }
    answer(request);
    while (!open && waiting.length > 0) answer(waiting.shift()!);
  });
}

/**
 * The items of one message in one transaction, each under a savepoint of its own: an item
 * that fails is rolled back alone and answered with its error, the others commit together
 * (one commit instead of one each: its locks and WAL writes, and one sync for a turn's audit
 * records with its session rows and journal). Durable when any item is: an append always is.
 * An append is the store's whole linked append (linkedAppend.ts): it reads its chain's head
 * under SQLite's write lock (BEGIN IMMEDIATE, every chain's lock), and its records are
 * answered only once committed.
 */
function commitBatches(db: SqliteEngine, items: BatchItem[]): BatchOutcome[] {
  try {
    db.begin(items.some((item) => "append" in item || item.durable));
  } catch (error) {
    return items.map(() => failureOf(error));
  }
  // One item alone needs no savepoint: when it fails, the transaction is rolled back (what
  // its savepoint would undo is all there is), and nothing is committed.
  const alone = items.length === 1;
  const outcomes = items.map((item): BatchOutcome => {
    if (!alone) db.savepoint();
    try {
      let value: AuditRecord[] | undefined;
      if ("append" in item) value = runStepsNow(linkedAppend(item.append), db);
      else for (const [sql, params] of unpackStatements(item.packed)) db.run(sql, params);
      if (!alone) db.releaseSavepoint();
      return { value };
    } catch (error) {
      if (alone) db.rollback();
      else db.rollbackToSavepoint();
      return failureOf(error);
    }
  });
  if (alone && outcomes[0]?.error !== undefined) return outcomes;
  try {
    db.commit();
  } catch (error) {
    return items.map(() => failureOf(error));
  }
  return outcomes;
}

function failureOf(error: unknown): BatchOutcome {
  const { message, code } = error as { message?: unknown; code?: unknown };
  const failure = { message: String(message ?? error) };
  return { error: typeof code === "string" ? { ...failure, code } : failure };
}

const given = workerData as { location: string; options: SqliteEngineOptions };
serveSqlite(parentPort!, given.location, given.options);
