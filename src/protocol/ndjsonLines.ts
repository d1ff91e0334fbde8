import { MessageTooLargeError } from "@agentclientprotocol/sdk";

const LF = 0x0a;
const CR = 0x0d;

/**
 * Splits a byte stream into LF-terminated lines, as the SDK's `LineBuffer` does, on Node
 * Buffers: a line within one chunk is decoded straight out of it, a line across chunks is
 * joined as bytes first (so a UTF-8 sequence split by a chunk border decodes whole). A line
 * longer than `maxBytes` (not counting a CR before its LF) throws `MessageTooLargeError` as
 * soon as its bytes exceed the limit, before its end arrives.
 */
export class NdjsonLines {
  private parts: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** Hands each complete line's text to `onLine`; stops early when it returns false. */
  push(chunk: Buffer, onLine: (text: string) => boolean): void {
    let start = 0;
    let newline = chunk.indexOf(LF);
    while (newline !== -1) {
      this.check(chunk, start, newline);
      let text: string;
      if (this.pendingBytes === 0) {
        text = chunk.toString("utf8", start, newline);
      } else {
        this.parts.push(chunk.subarray(start, newline));
        text = Buffer.concat(this.parts, this.pendingBytes + newline - start).toString("utf8");
        this.clear();
      }
      if (!onLine(text)) return;
      start = newline + 1;
      newline = chunk.indexOf(LF, start);
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
