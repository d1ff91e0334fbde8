import { afterWrites } from "../util/afterWrites.js";
import type { BatchItem, BatchOutcome } from "./sqliteMessages.js";

/**
 * How long a relaxed write (a batch that is not durable: a session row, the wire journal; an
 * audit append nobody waits on) may wait for others to share its message: a warm turn of the
 * editor proxy is ~0.3 ms, and every message wakes the worker's thread and, with its answer,
 * this one; on a machine of two cores that wake-up delayed the next turn by ~0.1 ms.
 */
export const RELAXED_WAIT_MS = 10;

/**
 * What relaxed writes may hold while they wait (characters of packed text): past it they are
 * posted at once. A stream's journal hands over a batch every ~256 messages; held 10 ms while
 * the proxy parses a burst, 20 and more of them (~1 MB) outlived V8's scavenges, to be
 * copied and promoted: most of what the proxy's scavenges copied on a 100,000-chunk stream.
 */
export const RELAXED_MAX_CHARS = 64 * 1024;

interface Queued {
  item: BatchItem;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
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
  /** Characters of packed text queued (see RELAXED_MAX_CHARS). */
  private queuedChars = 0;
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
      if ("packed" in item) this.queuedChars += item.packed.text.length;
      if (relaxed && this.queuedChars >= RELAXED_MAX_CHARS) this.flush();
      else if (!relaxed || this.hurried) {
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
    this.queuedChars = 0;
    if (queued.length === 0) return;
    const items = queued.map((q) => q.item);
    // Only the settlers wait for the answer: the items (a journal batch's text) are posted
    // now, and kept until the worker answered they outlived V8's scavenges and were promoted
    // (a stream's journal was most of what the proxy's scavenges copied).
    const settlers = queued.map(({ resolve, reject }) => ({ resolve, reject }));
    this.post(items).then(
      (outcomes) =>
        outcomes.forEach((outcome, i) => {
          const q = settlers[i]!;
          if (outcome.error === undefined) q.resolve(outcome.value);
          else
            q.reject(Object.assign(new Error(outcome.error.message), { code: outcome.error.code }));
        }),
      (error: unknown) => settlers.forEach((q) => q.reject(error)),
    );
  }
}
