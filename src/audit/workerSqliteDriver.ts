import { Worker } from "node:worker_threads";
import type { AuditRecord } from "./auditRecord.js";
import { BatchQueue } from "./batchQueue.js";
import type { LinkedAppend } from "./linkedAppend.js";
import { packStatements, transferList } from "./packedStatements.js";
import type { SqliteEngineOptions } from "./sqliteEngine.js";
import type { BatchItem, BatchOutcome, SqliteReply, SqliteRequest } from "./sqliteMessages.js";
import type { SqlDriver, SqlExecutor, SqlRow, SqlStatement } from "./sqlDriver.js";

type Request = SqliteRequest extends infer R ? (R extends unknown ? Omit<R, "id"> : never) : never;

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * SQLite for a writing plane: the same `SqliteEngine` as `SqliteDriver`, in a worker thread
 * of its own, so that statements, commits and the fsync of a durable commit run beside the
 * event loop instead of on it. Every call is a message, answered in order; a caller awaits
 * its answer, so a durable commit has still reached the disk before `transaction` resolves
 * (an audit record before the agent hears the decision). Transactions are serialised by a
 * promise chain (one connection), and across processes by SQLite's write lock. The worker
 * keeps the process alive only while a call is waiting for it.
 */
export class WorkerSqliteDriver implements SqlDriver {
  readonly dialect = "sqlite" as const;
  /** Messages posted to the worker: each one wakes its thread, and its answer this one. */
  readonly stats = { messages: 0 };
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private opening: Promise<unknown> | undefined;
  private opened = false;
  private tail: Promise<unknown> = Promise.resolve();
  private gone: Error | undefined;
  /** Batches and appends, posted together (batchQueue.ts). */
  private readonly queue = new BatchQueue((items) => this.postBatches(items));

  constructor(
    readonly location: string,
    options: Omit<SqliteEngineOptions, "readOnly"> = {},
  ) {
    this.worker = new Worker(new URL("./sqliteWorker.js", import.meta.url), {
      workerData: { location, options },
    });
    this.worker.on("message", (reply: SqliteReply) => this.settle(reply));
    this.worker.on("error", (error) => this.end(error));
    this.worker.on("exit", (code) =>
      this.end(new Error(`the SQLite worker for ${location} exited (code ${code})`)),
    );
    void this.open().catch(() => undefined);
  }

  async run(sql: string, params: unknown[] = []): Promise<void> {
    await this.request({ op: "run", sql, params });
  }

  async all(sql: string, params: unknown[] = []): Promise<SqlRow[]> {
    return (await this.request({ op: "all", sql, params })) as SqlRow[];
  }

  transaction<T>(
    fn: (tx: SqlExecutor) => Promise<T>,
    options: { durable?: boolean } = {},
  ): Promise<T> {
    const next = this.tail.then(async () => {
      await this.request({ op: "begin", durable: options.durable !== false });
      let result: T;
      try {
        result = await fn(this);
      } catch (error) {
        await this.request({ op: "rollback" }).catch(() => undefined);
        throw error;
      }
      await this.request({ op: "commit" });
      return result;
    });
    this.tail = next.catch(() => undefined);
    return next;
  }

  /**
   * The linked append (linkedAppend.ts), whole in the worker: it reads the head, takes ids,
   * links, inserts and commits durably before it answers the records. Posted with the batches
   * of its turn (`batch`), in their transaction: one message and one sync for a turn's
   * records, session rows and journal; a relaxed one (nobody waits on it) within
   * RELAXED_WAIT_MS, with the writes of the turns after it. Never inside an open
   * `transaction`: the worker holds batches until it ends.
   */
  appendLinked(append: LinkedAppend, options: { relaxed?: boolean } = {}): Promise<AuditRecord[]> {
    return this.queue.add({ append }, options.relaxed === true) as Promise<AuditRecord[]>;
  }

  /**
   * Packed now (packedStatements.ts: one string and a few typed arrays, nothing of the
   * caller's kept) and posted with the other writes queued with it in one message
   * (batchQueue.ts: once the writes of the turn have gone out, or for a batch that is not
   * durable, within RELAXED_WAIT_MS): a prompt's row updates, journal entries and audit
   * records cost one message after the answer is written rather than one each on its way.
   * Not behind `tail`.
   */
  batch(statements: SqlStatement[], options: { durable?: boolean } = {}): Promise<void> {
    const item = { packed: packStatements(statements), durable: options.durable !== false };
    return this.queue.add(item, !item.durable).then(() => undefined);
  }

  /** Posts the writes still queued (`BatchQueue`) now: a read or a transaction comes after them. */
  flush(): void {
    this.queue.flush();
  }

  /** Holds nothing back from now on: the store is closing. */
  closing(): void {
    this.queue.hurry();
  }

  private postBatches(items: BatchItem[]): Promise<BatchOutcome[]> {
    const transfer = items.flatMap((i) => ("packed" in i ? transferList(i.packed) : []));
    const request = { op: "batches", items } as const;
    return (
      this.opened ? this.call(request, transfer) : this.request(request, transfer)
    ) as Promise<BatchOutcome[]>;
  }

  async checkIntegrity(): Promise<string[]> {
    return (await this.request({ op: "integrity" })) as string[];
  }

  async close(): Promise<void> {
    this.queue.flush();
    await this.tail;
    if (this.gone) return;
    try {
      if (this.opening) await this.call({ op: "close" });
    } finally {
      this.gone = new Error(`the SQLite database at ${this.location} is closed`);
      await this.worker.terminate();
    }
  }

  /** Opens the database in the worker; after a failure (busy), the next call opens it again. */
  private open(): Promise<unknown> {
    if (!this.opening) {
      this.opening = this.call({ op: "open" });
      this.opening.then(
        () => (this.opened = true),
        () => (this.opening = undefined),
      );
    }
    return this.opening;
  }

  private async request(request: Request, transfer?: ArrayBuffer[]): Promise<unknown> {
    // Whatever was written before this request reaches the worker before it.
    if (request.op !== "batches") this.queue.flush();
    await this.open();
    return this.call(request, transfer);
  }

  private call(request: Request, transfer?: ArrayBuffer[]): Promise<unknown> {
    if (this.gone) return Promise.reject(this.gone);
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.stats.messages++;
      this.worker.postMessage({ ...request, id }, transfer);
    });
  }

  private settle(reply: SqliteReply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.error === undefined) waiting.resolve(reply.value);
    else waiting.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
  }

  /** The worker failed or exited: every waiting call fails, and so does every later one. */
  private end(error: Error): void {
    this.gone ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.gone);
    this.pending.clear();
  }
}
