import { afterWrites } from "../util/afterWrites.js";
import type { BatchItem, BatchOutcome } from "./sqliteMessages.js";

/**
 * How long a relaxed write (a batch that is not durable: a session row, the wire journal; an
 * audit append nobody waits on) may wait for others to share its message: a warm turn of the
 * editor proxy is ~0.3 ms, and every message wakes the worker's thread and, with its answer,
 * this one; on a machine of two cores that wake-up delayed the next turn by ~0.1 ms.
 */
export const RELAXED_WAIT_MS = 10;

interface Queued {
  item: BatchItem;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * The writes `WorkerSqliteDriver` posts to its worker together, in one message and one
 * transaction, in the order given. A write someone waits on (a decision's audit record, a
 * durable batch) is posted once the writes of its turn of the event loop have gone out
 * (afterWrites.ts: an editor's answer first), with everything queued before it; a relaxed
 * one waits up to RELAXED_WAIT_MS for company. `flush` posts what is queued now (an append
 * that is not relaxed, a read, a transaction, close).
 */
export class BatchQueue {
  private queued: Queued[] = [];
  private eager = false;
  /** Closing: nothing waits for company any more. */
  private hurried = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly post: (items: BatchItem[]) => Promise<BatchOutcome[]>) {}

  /**
   * Resolves with the item's value (an append's records) once its transaction committed.
   * `relaxed`: it may wait RELAXED_WAIT_MS for company; otherwise it goes after this turn's writes.
   */
  add(item: BatchItem, relaxed: boolean): Promise<unknown> {
    return new Promise<unknown>((resolve, reject) => {
      this.queued.push({ item, resolve, reject });
      if (!relaxed || this.hurried) {
        if (this.eager) return;
        this.eager = true;
        void afterWrites().then(() => this.flush());
      } else this.timer ??= setTimeout(() => this.flush(), RELAXED_WAIT_MS);
    });
  }

  /** Posts what is queued now, and from now on posts relaxed writes as the others (closing). */
  hurry(): void {
    this.hurried = true;
    this.flush();
  }

  flush(): void {
    this.eager = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    const queued = this.queued;
    this.queued = [];
    if (queued.length === 0) return;
    this.post(queued.map((q) => q.item)).then(
      (outcomes) =>
        outcomes.forEach((outcome, i) => {
          const q = queued[i]!;
          if (outcome.error === undefined) q.resolve(outcome.value);
          else
            q.reject(Object.assign(new Error(outcome.error.message), { code: outcome.error.code }));
        }),
      (error: unknown) => queued.forEach((q) => q.reject(error)),
    );
  }
}
