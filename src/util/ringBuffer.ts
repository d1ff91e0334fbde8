/** Keeps the last `maxBytes` of a text stream, for showing an agent's stderr tail on failure. */
export class TextRingBuffer {
  private chunks: string[] = [];
  private size = 0;

  constructor(private readonly maxBytes: number) {}

  push(text: string): void {
    if (text.length === 0) return;
    this.chunks.push(text);
    this.size += text.length;
    while (this.size > this.maxBytes && this.chunks.length > 1) {
      const dropped = this.chunks.shift() ?? "";
      this.size -= dropped.length;
    }
    if (this.size > this.maxBytes && this.chunks.length === 1) {
      const only = this.chunks[0] ?? "";
      this.chunks[0] = only.slice(only.length - this.maxBytes);
      this.size = this.chunks[0].length;
    }
  }

  text(): string {
    return this.chunks.join("");
  }

  /** The last `count` non-empty lines. */
  lastLines(count: number): string[] {
    const lines = this.text()
      .split(/\r?\n/)
      .filter((line) => line.trim() !== "");
    return lines.slice(-count);
  }
}
