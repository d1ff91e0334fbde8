/** Pending text beyond this is written at once instead of at the next tick. */
const HIGH_WATER = 64 * 1024;

/**
 * Coalesces many small writes into one per tick: a 100k-chunk stream must not cost 100k
 * syscalls. `drain()` before exit. A reader that goes away (`acpgate … | head`) is not an
 * error: later output is dropped, `readerGone` turns true, and producers stop early.
 */
export class BufferedWriter {
  private parts: string[] = [];
  private pending = 0;
  private scheduled = false;
  private closed = false;
  /** The stream asked us to wait (`write` returned false) and has not drained yet. */
  private full = false;
  private sinceYield = 0;

  /** `transform` sees each coalesced block before it is written (secret redaction). */
  constructor(
    private readonly stream: NodeJS.WritableStream,
    private readonly transform: (text: string) => string = (text) => text,
  ) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") throw error;
      this.closed = true;
      this.parts = [];
      this.pending = 0;
    });
    stream.on("drain", () => (this.full = false));
  }

  /** True once the reader went away: nothing written from now on reaches anyone. */
  get readerGone(): boolean {
    return this.closed;
  }

  write(text: string): void {
    if (this.closed) return;
    this.parts.push(text);
    this.pending += text.length;
    if (this.pending >= HIGH_WATER) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  flush(): void {
    this.scheduled = false;
    if (this.parts.length === 0) return;
    const text = this.parts.join("");
    this.parts = [];
    this.pending = 0;
    this.sinceYield += text.length;
    if (!this.closed && !this.stream.write(this.transform(text))) this.full = true;
  }

  /**
   * For producers of unbounded output (`audit export`): resolves when more may be written.
   * Waits while the stream is full, and lets the event loop run every HIGH_WATER bytes even
   * when it is not — an EPIPE is only reported from the loop, and a producer that never
   * yields would write a whole store into a closed pipe.
   */
  async room(): Promise<void> {
    if (this.closed) return;
    if (this.full) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          this.stream.off("drain", done);
          this.stream.off("error", done);
          this.stream.off("close", done);
          resolve();
        };
        this.stream.on("drain", done);
        this.stream.on("error", done);
        this.stream.on("close", done);
      });
      this.sinceYield = 0;
    } else if (this.sinceYield >= HIGH_WATER) {
      this.sinceYield = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Resolves once everything written so far has reached the OS (or the reader is gone). */
  drain(): Promise<void> {
    this.flush();
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => this.stream.write("", () => resolve()));
  }
}
