/**
 * Lines one after the other in one decoded read (`TappedMessage.chunk`, `at`), kept as one
 * slice of that read instead of a string each: a burst of streamed lines costs a comparison
 * a line. The wire journal and the editor proxy's output each keep one.
 */
export class ReadSlice {
  private chunk: string | undefined;
  private start = 0;
  private end = 0;

  /**
   * Adds `line`, found at `at` in `chunk`. When it does not follow the open slice (another
   * read, or a line between them left out), that slice is closed and returned: it comes
   * before this line.
   */
  follow(line: string, chunk: string, at: number): string | undefined {
    if (chunk === this.chunk && at === this.end + 1) {
      this.end = at + line.length;
      return undefined;
    }
    const closed = this.take();
    this.chunk = chunk;
    this.start = at;
    this.end = at + line.length;
    return closed;
  }

  /** The open slice's lines (newlines between them, none after), and forgets them. */
  take(): string | undefined {
    const chunk = this.chunk;
    if (chunk === undefined) return undefined;
    this.chunk = undefined;
    return chunk.slice(this.start, this.end);
  }
}
