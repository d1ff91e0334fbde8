/**
 * Coalesces many small writes into one per tick: a 100k-chunk stream must not cost 100k
 * syscalls. `flush()` before exit.
 */
export class BufferedWriter {
  private parts: string[] = [];
  private scheduled = false;

  /** `transform` sees each coalesced block before it is written (secret redaction). */
  constructor(
    private readonly stream: NodeJS.WritableStream,
    private readonly transform: (text: string) => string = (text) => text,
  ) {}

  write(text: string): void {
    this.parts.push(text);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  flush(): void {
    this.scheduled = false;
    if (this.parts.length === 0) return;
    const text = this.parts.join("");
    this.parts = [];
    this.stream.write(this.transform(text));
  }

  /** Resolves once everything written so far has reached the OS. */
  drain(): Promise<void> {
    this.flush();
    return new Promise((resolve) => this.stream.write("", () => resolve()));
  }
}
