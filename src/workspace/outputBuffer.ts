/**
 * A terminal's output, kept within a byte limit by dropping from the beginning (ACP:
 * "truncated from the beginning … at a character boundary"). `truncated` says whether
 * anything was ever dropped.
 */
export class OutputBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  truncated = false;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (this.size <= this.limit) return;
    let joined = Buffer.concat(this.chunks);
    let start = joined.length - this.limit;
    // Never start inside a UTF-8 sequence: skip continuation bytes (10xxxxxx).
    while (start < joined.length && ((joined[start] ?? 0) & 0xc0) === 0x80) start++;
    joined = joined.subarray(start);
    this.chunks = [joined];
    this.size = joined.length;
    this.truncated = true;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }

  get bytes(): number {
    return this.size;
  }
}
