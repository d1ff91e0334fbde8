import { Writable } from "node:stream";
import { ReadSlice } from "./readSlice.js";

/**
 * One buffer per turn of the event loop to a Node stream, from two doors: a Node Writable
 * (the editor connection's NDJSON stream writes one line per message there) and `writeLine`
 * (lines written as they are: the editor proxy's forwarded `session/update`s). Chunks of the
 * same turn are joined and written once, at `setImmediate`, in the order they came, or as
 * soon as they reach 64 KiB (a burst of a stream read in one turn would otherwise be held
 * whole, as strings that outlive V8's scavenges). One `write()` per message to a pipe was
 * most of the editor proxy's stream cost (docs/bench.md). When the Node stream asks to wait
 * (`write()` false), the Writable's writes wait for `drain` (its own `write()` says so).
 */
export interface CoalescedOutput {
  /** Strings or bytes, each written after everything written before it. */
  writable: Writable;
  /** Appends `line` and a newline, after everything written before it. */
  writeLine: LineOut;
  /**
   * Told `true` when the Node stream asks to wait (its buffer is full) and `false` once it
   * drained: `writeLine` never waits, so its caller must stop producing (the editor proxy
   * holds the agent's output) or the buffer grows with every line.
   */
  onPressure: (listener: (full: boolean) => void) => void;
}

/**
 * Writes a line and a newline. Given the decoded read the line was cut from and its offset
 * in it (`TappedMessage.chunk`, `at`), lines one after the other in that read are taken from
 * it as one slice when they are written, not kept one by one; given the read's bytes too
 * (`TappedMessage.bytes`, an ASCII read), that slice is written as those bytes, not encoded
 * again.
 */
export type LineOut = (line: string, chunk?: string, at?: number, bytes?: Buffer) => void;

/** What a turn joins before it writes anyway (string lengths: ~bytes for ASCII lines). */
const FLUSH_AT = 64 * 1024;

export function coalescedOutput(out: Writable): CoalescedOutput {
  let pending: (Uint8Array | string)[] = [];
  /**
   * The strings since the last bytes, joined into one when bytes come or at the flush: one
   * array slot each, where `+=` built a rope of two cons strings per line for V8 to flatten
   * and collect (a 100,000-chunk stream is 100,000 lines).
   */
  let texts: string[] = [];
  /** What is held to be written (characters of text, bytes), but for an open slice. */
  let pendingLength = 0;
  /** Lines written one after the other from one read (`writeLine` with its chunk). */
  const slice = new ReadSlice();
  /** The strings so far as one, before bytes that come after them. */
  const textsToPending = (): void => {
    if (texts.length === 0) return;
    pending.push(texts.join(""));
    texts = [];
  };
  /**
   * A closed slice: its bytes with their newline, or its text (the newline added). Counted
   * toward FLUSH_AT only now: a slice open is a part of one read, held anyway, and a flush
   * in the middle of it wrote two pieces (joined by a copy) where one read is one.
   */
  const put = (closed: Buffer | string | undefined): void => {
    if (closed === undefined) return;
    if (typeof closed === "string") {
      texts.push(closed, "\n");
      pendingLength += closed.length + 1;
    } else {
      textsToPending();
      pending.push(closed);
      pendingLength += closed.length;
    }
  };
  const closeSegment = (): void => put(slice.takeBytes());
  const joinTexts = (): void => {
    closeSegment();
    textsToPending();
  };
  let scheduled = false;
  let drained: Promise<void> = Promise.resolve();
  let waiting = false;
  const pressure: ((full: boolean) => void)[] = [];
  /** Writes what is held; the open slice too unless `keepOpen` (it may go on growing). */
  const flush = (keepOpen = false): void => {
    if (!keepOpen) scheduled = false;
    if (keepOpen) textsToPending();
    else joinTexts();
    pendingLength = 0;
    if (pending.length === 0) return;
    const chunks = pending;
    pending = [];
    let ok: boolean;
    if (chunks.length === 1) ok = out.write(chunks[0]!);
    else {
      // One writev of the pieces, not a copy of them into one buffer (a read's slice is
      // ~64 KiB, often after the line that came across two reads).
      out.cork();
      ok = true;
      for (const c of chunks) ok = out.write(c);
      out.uncork();
    }
    if (ok || waiting) return;
    waiting = true;
    drained = new Promise((resolve) =>
      out.once("drain", () => {
        waiting = false;
        for (const listener of pressure) listener(false);
        resolve();
      }),
    );
    for (const listener of pressure) listener(true);
  };
  const push = (chunk: Uint8Array | string): void => {
    // Lines in a row are one string (encoded once at the flush), not a buffer each.
    closeSegment();
    if (typeof chunk === "string") texts.push(chunk);
    else {
      joinTexts();
      pending.push(chunk);
    }
    pendingLength += chunk.length;
    added();
  };
  const added = (): void => {
    if (pendingLength >= FLUSH_AT) flush(true);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return {
    writable: new Writable({
      decodeStrings: false,
      write(chunk: Uint8Array | string, _encoding, done) {
        push(chunk);
        // Held while the Node stream is full: later writes queue here and `write()` says wait.
        if (waiting) void drained.then(() => done());
        else done();
      },
      final(done) {
        flush();
        void drained.then(() => done());
      },
    }),
    writeLine: (line, chunk, at, bytes) => {
      if (chunk !== undefined && at !== undefined) put(slice.followBytes(line, chunk, at, bytes));
      else {
        closeSegment();
        texts.push(line, "\n");
        pendingLength += line.length + 1;
      }
      added();
    },
    onPressure: (listener) => void pressure.push(listener),
  };
}

/** The Writable door alone. */
export function coalescedWritable(out: Writable): Writable {
  return coalescedOutput(out).writable;
}
