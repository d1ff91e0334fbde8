import { MessageTooLargeError } from "@agentclientprotocol/sdk";

const LF = 0x0a;

/**
 * One line's text; where it was cut from a larger decoded text, that text and the line's
 * offset in it (`text === chunk.slice(at, at + text.length)`); where that text is ASCII, the
 * bytes it was decoded from, one a character, and the newline after it (`bytes.length ===
 * chunk.length + 1`): what the editor proxy writes on without encoding it again. False: stop.
 */
export type LineHandler = (text: string, chunk?: string, at?: number, bytes?: Buffer) => boolean;
const CR = 0x0d;

/**
 * Splits a byte stream into LF-terminated lines, as the SDK's `LineBuffer` does, on Node
 * Buffers: the whole lines of one chunk are decoded in one call and cut as text (a string
 * per line cost a decode each on a stream of small updates), a line across chunks is
 * joined as bytes first (so a UTF-8 sequence split by a chunk border decodes whole). A line
 * longer than `maxBytes` (not counting a CR before its LF) throws `MessageTooLargeError` as
 * soon as its bytes exceed the limit, before its end arrives.
 */
export class NdjsonLines {
  private parts: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly maxBytes: number) {}

  /**
   * Hands each complete line's text to `onLine`; stops early when it returns false. A line
   * cut from a decoded run of whole lines comes with that text and its offset in it.
   */
  push(chunk: Buffer, onLine: LineHandler): void {
    let start = 0;
    let newline = chunk.indexOf(LF);
    if (newline !== -1 && this.pendingBytes > 0) {
      // The line begun in earlier chunks ends here.
      this.check(chunk, 0, newline);
      this.parts.push(chunk.subarray(0, newline));
      const text = Buffer.concat(this.parts, this.pendingBytes + newline).toString("utf8");
      this.clear();
      if (!onLine(text)) return;
      start = newline + 1;
      newline = chunk.indexOf(LF, start);
    }
    const last = chunk.lastIndexOf(LF);
    if (newline !== -1 && last - start <= this.maxBytes) {
      // Every line of the chunk is within the limit: decoded at once and cut as text (an
      // LF byte is never inside a UTF-8 sequence, so each line decodes as it would alone).
      const text = chunk.toString("utf8", start, last);
      // ASCII: as many characters as bytes, none of them a replacement for a bad byte
      // (V8 answers that at once for a string of one-byte characters).
      const ascii = text.length === last - start && !text.includes("\ufffd");
      if (!eachLine(text, onLine, ascii ? chunk.subarray(start, last + 1) : undefined)) return;
      start = last + 1;
    } else {
      while (newline !== -1) {
        this.check(chunk, start, newline);
        if (!onLine(chunk.toString("utf8", start, newline))) return;
        start = newline + 1;
        newline = chunk.indexOf(LF, start);
      }
    }
    if (start < chunk.length) {
      this.check(chunk, start, chunk.length);
      this.parts.push(start === 0 ? chunk : chunk.subarray(start));
      this.pendingBytes += chunk.length - start;
    }
  }

  /** The unterminated last line, if any bytes are left; resets. */
  flush(): string | undefined {
    if (this.pendingBytes === 0) return undefined;
    const text = Buffer.concat(this.parts, this.pendingBytes).toString("utf8");
    this.clear();
    return text;
  }

  clear(): void {
    this.parts = [];
    this.pendingBytes = 0;
  }

  private check(chunk: Buffer, start: number, end: number): void {
    const length = this.pendingBytes + end - start;
    if (length <= this.maxBytes) return;
    const last = end > start ? chunk[end - 1] : this.lastPendingByte();
    if (length - (last === CR ? 1 : 0) <= this.maxBytes) return;
    this.clear();
    throw new MessageTooLargeError(this.maxBytes);
  }

  private lastPendingByte(): number | undefined {
    const part = this.parts[this.parts.length - 1];
    return part?.[part.length - 1];
  }
}

/** `onLine` for each LF-separated line of `text` (which has no final LF); false: stopped. */
function eachLine(text: string, onLine: LineHandler, bytes: Buffer | undefined): boolean {
  let from = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", from)) {
    if (!onLine(text.slice(from, at), text, from, bytes)) return false;
    from = at + 1;
  }
  return onLine(text.slice(from), text, from, bytes);
}
