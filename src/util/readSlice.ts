/**
 * Lines one after the other in one decoded read (`TappedMessage.chunk`, `at`), kept as one
 * slice of that read instead of a string each: a burst of streamed lines costs a comparison
 * a line. The wire journal and the editor proxy's output each keep one.
 */
export class ReadSlice {
  private chunk: string | undefined;
  /** The read's bytes when its text is ASCII, and the newline after it (`TappedMessage`). */
  private bytes: Buffer | undefined;
  private start = 0;
  private end = 0;

  /**
   * Adds `line`, found at `at` in `chunk`. When it does not follow the open slice (another
   * read, or a line between them left out), that slice is closed and returned: it comes
   * before this line.
   */
  follow(line: string, chunk: string, at: number, bytes?: Buffer): string | undefined {
    if (this.follows(line, chunk, at)) return undefined;
    const closed = this.take();
    this.open(line, chunk, at, bytes);
    return closed;
  }

  /**
   * As `follow`, for a writer of bytes: the slice closed is given as its bytes with the
   * newline after its last line, where the read's are known; as its text (no newline)
   * otherwise.
   */
  followBytes(
    line: string,
    chunk: string,
    at: number,
    bytes?: Buffer,
  ): Buffer | string | undefined {
    if (this.follows(line, chunk, at)) return undefined;
    const closed = this.takeBytes();
    this.open(line, chunk, at, bytes);
    return closed;
  }

  /** The open slice's lines (newlines between them, none after), and forgets them. */
  take(): string | undefined {
    const chunk = this.chunk;
    if (chunk === undefined) return undefined;
    this.chunk = this.bytes = undefined;
    return chunk.slice(this.start, this.end);
  }

  /** As `take`, but as bytes with a newline after where the read's are known (followBytes). */
  takeBytes(): Buffer | string | undefined {
    const bytes = this.bytes;
    if (bytes === undefined) return this.take();
    this.chunk = this.bytes = undefined;
    return bytes.subarray(this.start, this.end + 1);
  }

  private follows(line: string, chunk: string, at: number): boolean {
    if (chunk !== this.chunk || at !== this.end + 1) return false;
    this.end = at + line.length;
    return true;
  }

  private open(line: string, chunk: string, at: number, bytes: Buffer | undefined): void {
    this.chunk = chunk;
    this.bytes = bytes;
    this.start = at;
    this.end = at + line.length;
  }
}
