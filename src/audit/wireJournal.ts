import { createHash } from "node:crypto";
import type { TappedMessage } from "../protocol/tap.js";
import type { Disposable, Emitter } from "../util/emitter.js";
import type { AuditStore, JournalEntry } from "./auditStore.js";
import { redactor, type Redactor } from "./redactor.js";

export interface WireJournalOptions {
  /** Messages larger than this (bytes, after redaction) are stored truncated, with hash and size. */
  maxMessageBytes?: number;
  /** Flush after this many ms, or at `maxBatch` entries, whichever comes first. */
  flushMs?: number;
  maxBatch?: number;
  /** Write failures (the journal never blocks or fails the session). */
  onError?(error: unknown): void;
}

// Large batches: the journal is not durable by design, and each commit costs an fsync.
const DEFAULTS = { maxMessageBytes: 64 * 1024, flushMs: 100, maxBatch: 5000 };

/**
 * The raw wire journal: every message both ways, keyed by (session, direction, JSON-RPC id,
 * method). Not record-before-respond: the tap listener only serialises, redacts and queues;
 * writes are batched off the hot path. Entries queued when the process dies are lost; the
 * audit records (which are durable) say what was decided.
 */
export class WireJournal {
  private queue: JournalEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private readonly options: typeof DEFAULTS & Pick<WireJournalOptions, "onError">;

  constructor(
    private readonly store: Pick<AuditStore, "appendJournal">,
    options: WireJournalOptions = {},
    private readonly redact: Redactor = redactor,
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Journals every message `tap` sees for `sessionId` until disposed. */
  attach(sessionId: string, tap: Emitter<TappedMessage>): Disposable {
    return tap.on((tapped) => this.record(sessionId, tapped));
  }

  record(sessionId: string, tapped: TappedMessage): void {
    const message = tapped.message as { id?: string | number | null; method?: unknown };
    const text = this.redact.redact(JSON.stringify(tapped.message));
    const size = Buffer.byteLength(text);
    const entry: JournalEntry = {
      time: new Date().toISOString(),
      sessionId,
      direction: tapped.direction,
      size,
      truncated: false,
      message: text,
    };
    if (message.id !== undefined && message.id !== null) entry.rpcId = String(message.id);
    if (typeof message.method === "string") entry.method = message.method;
    if (size > this.options.maxMessageBytes) {
      entry.truncated = true;
      entry.sha256 = createHash("sha256").update(text).digest("hex");
      entry.message = truncateUtf8(text, this.options.maxMessageBytes);
    }
    this.queue.push(entry);
    if (this.queue.length >= this.options.maxBatch) this.flushSoon(0);
    else this.flushSoon(this.options.flushMs);
  }

  /** Writes everything queued so far; resolves when written (or reported as failed). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    const write = this.writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.store.appendJournal(batch);
      } catch (error) {
        this.options.onError?.(error);
      }
    });
    this.writing = write;
    await write;
  }

  private flushSoon(ms: number): void {
    if (this.timer && ms > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), ms);
    this.timer.unref();
  }
}

/** At most `maxBytes` of UTF-8, cut on a character boundary. */
function truncateUtf8(text: string, maxBytes: number): string {
  const buffer = Buffer.from(text);
  let end = Math.min(maxBytes, buffer.length);
  while (end > 0 && ((buffer[end] ?? 0) & 0xc0) === 0x80) end--;
  return buffer.subarray(0, end).toString("utf8");
}
