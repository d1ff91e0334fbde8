import { createHash } from "node:crypto";
import type { TappedMessage } from "../protocol/tap.js";
import type { Disposable, Emitter } from "../util/emitter.js";
import { isoNow } from "../util/isoNow.js";
import type { AuditStore, JournalEntry } from "./auditStore.js";
import { ChunkCarry, type ChunkAccess } from "./chunkCarry.js";
import { RUN_BYTES } from "./journalTable.js";
import { redactor, type Redactor } from "./redactor.js";
import { updateTextOf, withUpdateText } from "./updateText.js";

export interface WireJournalOptions {
  /** Messages larger than this (bytes, after redaction) are stored truncated, with hash and size. */
  maxMessageBytes?: number;
  /**
   * Flush after this many ms, at `maxBatch` entries or at `maxBatchBytes` of stored message
   * text, whichever comes first.
   */
  flushMs?: number;
  maxBatch?: number;
  maxBatchBytes?: number;
  /** Write failures (the journal never blocks or fails the session). */
  onError?(error: unknown): void;
}

// The journal is not durable by design: a batch commits without an fsync of its own
// (journalTable.ts), so batches can be small. Larger ones cost memory: queued entries are
// what survives V8's scavenges of a stream, and once the bytes that survived add up to the
// young generation's size V8 doubles it (Node 22: 8 → 16 MiB a semi-space). Over 100,000
// chunks, 5,000 a batch cost ~30 MiB more peak RSS than 1,000, and 1,000 ~17 MiB more than
// 250 (docs/bench.md, round 3); below 250 nothing more is saved. The byte budget bounds a
// batch of large messages the same way (250 × 64 KiB would be 16 MiB).
const DEFAULTS = {
  maxMessageBytes: 64 * 1024,
  flushMs: 100,
  maxBatch: 256,
  maxBatchBytes: 256 * 1024,
};

/** A message as tapped, with the time it was seen (it may wait in a carry). */
interface Seen {
  time: string;
  tapped: TappedMessage;
}

/** A run being joined: its entry, and what a message must share to join it (unredacted). */
interface OpenRun {
  entry: JournalEntry;
  /** Its messages so far (joined when it closes: one array slot each, not a rope). */
  lines: string[];
  sessionId: string;
  direction: "in" | "out";
  rawMethod: string;
}

/** Streamed text chunks, per direction and variant (`session/update` agent/thought/user). */
const CHUNKS: ChunkAccess<Seen> = {
  chunkOf: ({ tapped }) => {
    const chunk = updateTextOf(tapped.message);
    return chunk && { stream: `${tapped.direction}:${chunk.kind}`, text: chunk.text };
  },
  // The wire line no longer says what the message does: it goes.
  withText: ({ time, tapped }, text) => ({
    time,
    tapped: { direction: tapped.direction, message: withUpdateText(tapped.message, text) },
  }),
};

/**
 * The raw wire journal: every message both ways, keyed by (session, direction, JSON-RPC id,
 * method). Not record-before-respond: the tap listener only serialises, redacts and queues;
 * writes are batched off the hot path. Entries queued when the process dies are lost; the
 * audit records (which are durable) say what was decided. Every column is redacted (an
 * agent can put a secret in a method name or a request id), and streamed text goes through
 * a per-session carry, so that a secret split across chunks is masked too.
 */
export class WireJournal {
  private queue: JournalEntry[] = [];
  /** Messages queued (a run counts each of its messages). */
  private queuedMessages = 0;
  private queuedBytes = 0;
  /** The queue's last entry while more notifications may join it (see `enqueue`). */
  private run: OpenRun | undefined;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private readonly options: typeof DEFAULTS & Pick<WireJournalOptions, "onError">;
  private readonly carries = new Map<string, ChunkCarry<Seen>>();

  constructor(
    private readonly store: Pick<AuditStore, "appendJournal">,
    options: WireJournalOptions = {},
    private readonly redact: Redactor = redactor,
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /**
   * Journals every message `tap` sees for `sessionId` until disposed; disposing ends the
   * session's streamed text (a chunk held for its tail is queued then).
   */
  attach(sessionId: string, tap: Emitter<TappedMessage>): Disposable {
    const subscription = tap.on((tapped) => this.record(sessionId, tapped));
    return {
      dispose: () => {
        subscription.dispose();
        this.endStream(sessionId);
      },
    };
  }

  record(sessionId: string, tapped: TappedMessage): void {
    let carry = this.carries.get(sessionId);
    if (!carry) this.carries.set(sessionId, (carry = new ChunkCarry(CHUNKS, this.redact.registry)));
    // With no secret to watch for across chunks, nothing waits: no item to build per message.
    if (carry.passing) this.enqueue(sessionId, tapped);
    else
      for (const seen of carry.push({ time: isoNow(), tapped }))
        this.enqueue(sessionId, seen.tapped, seen.time);
  }

  /** Queues what the session's carry still holds and forgets it. */
  endStream(sessionId: string): void {
    const carry = this.carries.get(sessionId);
    this.carries.delete(sessionId);
    for (const seen of carry?.end() ?? []) this.enqueue(sessionId, seen.tapped, seen.time);
  }

  /** Queues one message seen at `time` (now when not given: read only for a new entry). */
  private enqueue(sessionId: string, tapped: TappedMessage, time?: string): void {
    const message = tapped.message as { id?: string | number | null; method?: unknown };
    const text = this.redact.redact(wireText(tapped));
    const size = Buffer.byteLength(text);
    const hasId = message.id !== undefined && message.id !== null;
    const method = typeof message.method === "string" ? message.method : undefined;
    // A notification that continues the run the queue ends with joins it as one more line:
    // a stream of 100,000 chunks is ~400 entries handed to the store, not 100,000 objects
    // for it to join there.
    const run = this.run;
    if (
      run !== undefined &&
      !hasId &&
      run.sessionId === sessionId &&
      run.direction === tapped.direction &&
      run.rawMethod === method &&
      run.entry.size + size + 1 <= RUN_BYTES &&
      !text.includes("\n")
    ) {
      run.lines.push(text);
      run.entry.size += size + 1;
      run.entry.messages = (run.entry.messages ?? 1) + 1;
      this.queued(size);
      return;
    }
    this.closeRun();
    const entry: JournalEntry = {
      time: time ?? isoNow(),
      sessionId,
      direction: tapped.direction,
      size,
      truncated: false,
      message: text,
    };
    if (hasId) entry.rpcId = this.redact.redact(String(message.id));
    if (method !== undefined) entry.method = this.redact.redact(method);
    if (size > this.options.maxMessageBytes) {
      entry.truncated = true;
      entry.sha256 = createHash("sha256").update(text).digest("hex");
      entry.message = truncateUtf8(text, this.options.maxMessageBytes);
    }
    this.queue.push(entry);
    this.run =
      !hasId && method !== undefined && !entry.truncated && !text.includes("\n")
        ? {
            entry,
            lines: [entry.message],
            sessionId,
            direction: tapped.direction,
            rawMethod: method,
          }
        : undefined;
    this.queued(Math.min(size, this.options.maxMessageBytes));
  }

  /** Ends the open run: its lines become its entry's message, joined once. */
  private closeRun(): void {
    const run = this.run;
    if (run === undefined) return;
    this.run = undefined;
    if (run.lines.length > 1) run.entry.message = run.lines.join("\n");
  }

  private queued(bytes: number): void {
    this.queuedMessages++;
    this.queuedBytes += bytes;
    // A full batch is handed to the store at once, not on a timer: a burst that arrives
    // buffered is parsed in one run of microtasks, where no timer fires, and the queue
    // would hold the whole burst (100,000 chunks: ~60 MiB of heap) until it ends.
    if (
      this.queuedMessages >= this.options.maxBatch ||
      this.queuedBytes >= this.options.maxBatchBytes
    )
      void this.flush();
    else this.flushSoon(this.options.flushMs);
  }

  /**
   * Writes everything queued so far; resolves when written (or reported as failed). Not an
   * async function: its frame would hold the batch until it is written.
   */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.closeRun();
    const batch = this.queue;
    this.queue = [];
    this.queuedMessages = 0;
    this.queuedBytes = 0;
    // Handed to the store now, not after the previous batch is written: the store keeps
    // their order, and a store whose database runs in another thread takes the batch out of
    // this heap at once (while a burst is parsed, answers from that thread wait).
    const write =
      batch.length === 0
        ? undefined
        : this.store.appendJournal(batch).catch((error: unknown) => this.options.onError?.(error));
    const written = Promise.all([this.writing, write]).then(() => undefined);
    this.writing = written;
    return written;
  }

  private flushSoon(ms: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), ms);
    this.timer.unref();
  }
}

/**
 * What is journaled of a message: the agent's line as it came (trimmed) when it holds no
 * backslash — then every string in it is spelled as its value, so the redactor sees in it
 * what it would see in the serialised message, where an escape (`\u0073k-…`) could spell a
 * secret it does not recognise — and otherwise the message serialised.
 */
function wireText({ line, message }: TappedMessage): string {
  return line !== undefined && !line.includes("\\") ? line.trim() : JSON.stringify(message);
}

/** At most `maxBytes` of UTF-8, cut on a character boundary. */
function truncateUtf8(text: string, maxBytes: number): string {
  const buffer = Buffer.from(text);
  let end = Math.min(maxBytes, buffer.length);
  while (end > 0 && ((buffer[end] ?? 0) & 0xc0) === 0x80) end--;
  return buffer.subarray(0, end).toString("utf8");
}
