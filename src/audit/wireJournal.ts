import { createHash } from "node:crypto";
import type { LineEnvelope, TappedMessage, TappedRun } from "../protocol/tap.js";
import type { Disposable } from "../util/emitter.js";
import { isoNow } from "../util/isoNow.js";
import type { AuditStore, JournalEntry } from "./auditStore.js";
import { ChunkCarry } from "./chunkCarry.js";
import { CHUNKS, type JournalTap, type OpenRun, type Seen } from "./journalRun.js";
import { RUN_BYTES } from "./journalTable.js";
import { isVerbatim, spellsByEscape, truncateUtf8, wireText } from "./journalText.js";
import { factorLines } from "./lineAffix.js";
import { ReadSlice } from "../util/readSlice.js";
import { redactor, type Redactor } from "./redactor.js";

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
// young generation's size V8 doubles it (Node 22: 8 → 16 MiB a semi-space). When every
// message was an entry of its own, 5,000 a batch cost ~30 MiB more peak RSS over 100,000
// chunks than 1,000, and 1,000 ~17 MiB more than 250 (docs/bench.md, round 3). A stream's
// messages are now runs (a chunk read without a parse keeps only its body), so the byte
// budget is what bounds a batch: 256 KiB of the wire, ~1,800 of a stream's chunks, no more
// peak RSS than 256 messages (session 19) and one hand-over to the store where there were
// seven. The count bounds a batch of tiny messages that are not runs.
const DEFAULTS = {
  maxMessageBytes: 64 * 1024,
  flushMs: 100,
  maxBatch: 2048,
  maxBatchBytes: 256 * 1024,
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
  /** The notifications after the queue's last entry, while more may join them (`enqueue`). */
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
  attach(sessionId: string, tap: JournalTap): Disposable {
    const subscription = tap.on(
      (tapped) => this.record(sessionId, tapped),
      (run) => this.recordRun(sessionId, run),
    );
    return {
      dispose: () => {
        subscription.dispose();
        this.endStream(sessionId);
      },
    };
  }

  record(sessionId: string, tapped: TappedMessage): void {
    const carry = this.carryOf(sessionId);
    // With no secret to watch for across chunks, nothing waits: no item to build per message.
    if (carry.passing) {
      const { envelope, line, body } = tapped;
      if (
        envelope === undefined ||
        line === undefined ||
        body === undefined ||
        !this.enqueueBody(
          sessionId,
          tapped.direction,
          line,
          body,
          tapped.bytes !== undefined,
          envelope,
        )
      )
        this.enqueue(sessionId, tapped);
    } else
      for (const seen of carry.push({ time: isoNow(), tapped }))
        this.enqueue(sessionId, seen.tapped, seen.time);
  }

  /** A run of text chunks (TappedRun): each as `record` takes it, with no message built. */
  recordRun(sessionId: string, run: TappedRun): void {
    const carry = this.carryOf(sessionId);
    const { lines, bodies, envelope } = run;
    const ascii = run.bytes !== undefined;
    for (let i = 0; i < lines.length; i++)
      if (
        !carry.passing ||
        !this.enqueueBody(sessionId, "in", lines[i]!, bodies[i]!, ascii, envelope)
      )
        this.record(sessionId, run.tapped(i));
  }

  private carryOf(sessionId: string): ChunkCarry<Seen> {
    let carry = this.carries.get(sessionId);
    if (!carry) this.carries.set(sessionId, (carry = new ChunkCarry(CHUNKS, this.redact.registry)));
    return carry;
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
    const hasId = message.id !== undefined && message.id !== null;
    const method = typeof message.method === "string" ? message.method : undefined;
    const line = tapped.line;
    // The agent's line kept as it came: nothing to trim, no escape (see wireText).
    const verbatim = line !== undefined && isVerbatim(line);
    const raw = verbatim ? line : wireText(tapped);
    // A line of an ASCII read is as many bytes as characters: no count.
    const size = verbatim && tapped.bytes !== undefined ? line.length : Buffer.byteLength(raw);
    if (
      !hasId &&
      method !== undefined &&
      size <= Math.min(RUN_BYTES, this.options.maxMessageBytes) &&
      (verbatim || !raw.includes("\n")) // a parsed line has none
    ) {
      // A notification: it continues the open run, or begins one. A stream of 100,000
      // chunks is ~400 entries handed to the store, not 100,000 for it to join there.
      let run = this.run;
      if (
        run === undefined ||
        run.envelope !== undefined ||
        run.sessionId !== sessionId ||
        run.direction !== tapped.direction ||
        run.method !== method ||
        run.bytes + size + 1 > RUN_BYTES
      ) {
        this.closeRun();
        run = this.openRun(sessionId, tapped.direction, method, time, undefined);
      }
      run.messages++;
      run.bytes += size + 1;
      const sliced = verbatim && tapped.chunk !== undefined && tapped.at !== undefined;
      const closed = sliced ? run.slice.follow(line, tapped.chunk, tapped.at) : run.slice.take();
      if (closed !== undefined) run.parts.push(closed);
      if (!sliced) run.parts.push(raw);
      this.queued(size);
      return;
    }
    this.closeRun();
    const text = this.redact.redact(raw);
    const redactedSize = Buffer.byteLength(text);
    const entry: JournalEntry = {
      time: time ?? isoNow(),
      sessionId,
      direction: tapped.direction,
      size: redactedSize,
      truncated: false,
      message: text,
    };
    if (hasId) entry.rpcId = this.redact.redact(String(message.id));
    if (method !== undefined) entry.method = this.redact.redact(method);
    if (redactedSize > this.options.maxMessageBytes) {
      entry.truncated = true;
      entry.sha256 = createHash("sha256").update(text).digest("hex");
      entry.message = truncateUtf8(text, this.options.maxMessageBytes);
    }
    this.queue.push(entry);
    this.queued(Math.min(redactedSize, this.options.maxMessageBytes));
  }

  /**
   * A streamed text chunk read without a parse joins a run of its envelope as its body
   * alone. False when it must go the long way: its body spells a character by an escape
   * (the redactor must see the character), or its line is too long for a run.
   */
  private enqueueBody(
    sessionId: string,
    direction: "in" | "out",
    line: string,
    body: string,
    ascii: boolean,
    envelope: LineEnvelope,
  ): boolean {
    if (spellsByEscape(body)) return false;
    const size = ascii ? line.length : Buffer.byteLength(line);
    if (size > Math.min(RUN_BYTES, this.options.maxMessageBytes)) return false;
    let run = this.run;
    if (
      run === undefined ||
      run.envelope !== envelope ||
      run.sessionId !== sessionId ||
      run.direction !== direction ||
      run.bytes + size + 1 > RUN_BYTES
    ) {
      this.closeRun();
      // An envelope is a streamed text chunk's: a session/update notification.
      run = this.openRun(sessionId, direction, "session/update", undefined, envelope);
    }
    run.bodies.push(body);
    run.messages++;
    run.bytes += size + 1;
    this.queued(size);
    return true;
  }

  private openRun(
    sessionId: string,
    direction: "in" | "out",
    method: string,
    time: string | undefined,
    envelope: LineEnvelope | undefined,
  ): OpenRun {
    return (this.run = {
      time: time ?? isoNow(),
      sessionId,
      direction,
      method,
      messages: 0,
      bytes: -1,
      parts: [],
      slice: new ReadSlice(),
      envelope,
      bodies: [],
    });
  }

  /**
   * Ends the open run: its text, one message a line, is redacted at once (line by line only
   * where a credential shape may be: Redactor.redactLines) and queued as one entry. A run of
   * bodies is queued as its envelope and bodies when nothing in them can be redacted: no
   * secret registered, no beginning of a credential shape in the envelope or a body (none
   * can span into a body or out of it: the envelope ends and begins with the text's quote,
   * and no shape holds a quote).
   */
  private closeRun(): void {
    const run = this.run;
    if (run === undefined) return;
    this.run = undefined;
    const envelope = run.envelope;
    if (envelope !== undefined) {
      const { prefix, suffix } = envelope;
      const middles = run.bodies.join("\n");
      const redact = this.redact;
      if (!redact.mayChange(prefix) && !redact.mayChange(suffix) && !redact.mayChange(middles))
        return this.queueRun(run, middles, envelope);
      // The long way: the lines whole, as any other run's.
      run.parts = run.bodies.map((b) => prefix + b + suffix);
    }
    const closed = run.slice.take();
    if (closed !== undefined) run.parts.push(closed);
    const joined = run.parts.length === 1 ? run.parts[0]! : run.parts.join("\n");
    const text = this.redact.redactLines(joined);
    const entry: JournalEntry = {
      time: run.time,
      sessionId: run.sessionId,
      direction: run.direction,
      method: this.redact.redact(run.method),
      // Counted line by line as they came, unless redaction changed the text.
      size: text === joined ? run.bytes : Buffer.byteLength(text),
      truncated: false,
      message: text,
    };
    if (run.messages > 1) {
      entry.messages = run.messages;
      // Stored factored: a stream's lines are mostly the envelope they share (lineAffix.ts).
      const affixed = factorLines(text);
      if (affixed) {
        entry.message = affixed.middles;
        entry.linePrefix = affixed.prefix;
        entry.lineSuffix = affixed.suffix;
      }
    }
    this.queue.push(entry);
  }

  /** Queues a run of bodies that redaction leaves as they are, stored factored. */
  private queueRun(run: OpenRun, middles: string, { prefix, suffix }: LineEnvelope): void {
    const entry: JournalEntry = {
      time: run.time,
      sessionId: run.sessionId,
      direction: run.direction,
      method: this.redact.redact(run.method),
      size: run.bytes,
      truncated: false,
      message: prefix + middles + suffix,
    };
    if (run.messages > 1) {
      entry.messages = run.messages;
      entry.message = middles;
      entry.linePrefix = prefix;
      entry.lineSuffix = suffix;
    }
    this.queue.push(entry);
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

  /**
   * Flushes within `ms`. A flush before then leaves the timer to fire (on whatever was queued
   * since, or nothing): a stream hands over a full batch every ~256 messages, and made,
   * unref'd and cleared a timer for each (~400 a 100,000-chunk stream).
   */
  private flushSoon(ms: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, ms);
    this.timer.unref();
  }
}
