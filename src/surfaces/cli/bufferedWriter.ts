/**
 * Coalesces many small writes into one per tick: a 100k-chunk stream must not cost 100k
 * syscalls. `flush()` before exit.
 */
export class BufferedWriter {
  private parts: string[] = [];
  private scheduled = false;
  /** Set once the reader went away (`acpgate run … | head`): later output is dropped. */
  private closed = false;

  /** `transform` sees each coalesced block before it is written (secret redaction). */
  constructor(
    private readonly stream: NodeJS.WritableStream,
    private readonly transform: (text: string) => string = (text) => text,
  ) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
      this.closed = true;
    });
  }

  write(text: string): void {
    if (this.closed) return;
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
    if (!this.closed) this.stream.write(this.transform(text));
  }

  /** Resolves once everything written so far has reached the OS. */
  drain(): Promise<void> {
    this.flush();
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => this.stream.write("", () => resolve()));
  }
}
