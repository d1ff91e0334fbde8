import type { AnyMessage } from "@agentclientprotocol/sdk";

type ReadResult = { done: false; value: AnyMessage } | { done: true; value: undefined };

const DONE: ReadResult = Object.freeze({ done: true, value: undefined });

/**
 * The readable half of a message stream, as thin as the SDK's `Connection` allows: it takes
 * `getReader()` and calls `read()`, `cancel()` and `releaseLock()` on what it gets, nothing
 * else. A read with a message queued resolves at once; otherwise the next `push` resolves it.
 * `onDrained` runs when a read empties the queue (the producer resumes its input there).
 */
export class MessageQueue {
  private items: AnyMessage[] = [];
  private head = 0;
  private waiting: ((result: ReadResult) => void) | undefined;
  private failWaiting: ((error: unknown) => void) | undefined;
  private ended = false;
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly onCancel: (reason: unknown) => void,
    private readonly onDrained: () => void,
  ) {}

  get size(): number {
    return this.items.length - this.head;
  }

  push(message: AnyMessage): void {
    if (this.ended) return;
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = this.failWaiting = undefined;
      waiting({ done: false, value: message });
    } else this.items.push(message);
  }

  /** No more messages: reads get what is queued, then done. */
  end(): void {
    this.ended = true;
    if (this.size === 0) this.settleWaiting();
  }

  /** Reads get what is queued, then reject with `error`. */
  fail(error: unknown): void {
    if (this.ended) return;
    this.failure = { error };
    this.end();
  }

  read(): Promise<ReadResult> {
    if (this.head < this.items.length) {
      const value = this.items[this.head++]!;
      if (this.head === this.items.length) {
        this.items = [];
        this.head = 0;
        this.onDrained();
      }
      return Promise.resolve({ done: false, value });
    }
    if (this.failure) return Promise.reject(this.failure.error);
    if (this.ended) return Promise.resolve(DONE);
    return new Promise<ReadResult>((resolve, reject) => {
      this.waiting = resolve;
      this.failWaiting = reject;
    });
  }

  /** The consumer is done: what is queued is dropped, a pending read ends. */
  cancel(reason: unknown): Promise<void> {
    this.items = [];
    this.head = 0;
    this.failure = undefined;
    this.ended = true;
    this.settleWaiting();
    this.onCancel(reason);
    return Promise.resolve();
  }

  /** The reader the SDK asks for: one per `getReader()`, all over this queue. */
  reader(): {
    read(): Promise<ReadResult>;
    cancel(reason?: unknown): Promise<void>;
    releaseLock(): void;
  } {
    return {
      read: () => this.read(),
      cancel: (reason?: unknown) => this.cancel(reason),
      releaseLock: () => undefined,
    };
  }

  private settleWaiting(): void {
    const waiting = this.waiting;
    const failWaiting = this.failWaiting;
    this.waiting = this.failWaiting = undefined;
    if (!waiting) return;
    if (this.failure) failWaiting?.(this.failure.error);
    else waiting(DONE);
  }
}
