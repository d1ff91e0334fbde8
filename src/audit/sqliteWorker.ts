// The worker thread of `WorkerSqliteDriver`: owns one `SqliteEngine` and answers each request
// in the order given, so that SQLite's synchronous work (statements, commits, the fsync of a
// durable commit) never runs on the plane's event loop. `batches` (the wire journal's and the
// session rows') that arrive while a `begin` is open wait for its commit or rollback.
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { unpackStatements } from "./packedStatements.js";
import { SqliteEngine, type SqliteEngineOptions } from "./sqliteEngine.js";
import type { BatchFailure, PackedBatch, SqliteReply, SqliteRequest } from "./sqliteMessages.js";

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
        return request.items.map((item) => commitBatch(opened(), item));
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

/** One batch in a transaction of its own: how it failed, or null. */
function commitBatch(db: SqliteEngine, { packed, durable }: PackedBatch): BatchFailure {
  try {
    db.begin(durable);
    try {
      for (const [sql, params] of unpackStatements(packed)) db.run(sql, params);
    } catch (error) {
      db.rollback();
      throw error;
    }
    db.commit();
    return null;
  } catch (error) {
    const { message, code } = error as { message?: unknown; code?: unknown };
    const failure = { message: String(message ?? error) };
    return typeof code === "string" ? { ...failure, code } : failure;
  }
}

const given = workerData as { location: string; options: SqliteEngineOptions };
serveSqlite(parentPort!, given.location, given.options);
