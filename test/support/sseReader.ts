/** One Server-Sent Event as a client parses it. */
export interface SseMessage {
  event: string;
  id?: string;
  data: string;
}

/**
 * Reads SSE messages from a response body as they arrive (comments skipped); `next()` waits
 * for the next one, `until()` collects up to and including the first that matches.
 */
export class SseReader {
  private buffer = "";
  private readonly queue: SseMessage[] = [];
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  done = false;
  comments = 0;
  /** Every message's event and id as it arrived, for failure messages. */
  private readonly received: string[] = [];

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
  }

  async next(timeoutMs = 15_000): Promise<SseMessage | undefined> {
    const deadline = Date.now() + timeoutMs;
    while (this.queue.length === 0) {
      if (this.done) return undefined;
      const left = deadline - Date.now();
      if (left <= 0) throw this.silence(timeoutMs);
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(this.silence(timeoutMs)), left);
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) this.done = true;
      else this.parse(this.decoder.decode(chunk.value, { stream: true }));
    }
    return this.queue.shift();
  }

  async until(match: (m: SseMessage) => boolean, timeoutMs = 15_000): Promise<SseMessage[]> {
    const seen: SseMessage[] = [];
    for (;;) {
      const message = await this.next(timeoutMs);
      if (!message)
        throw new Error(`stream ended before a match; saw ${seen.map((m) => m.event).join(",")}`);
      seen.push(message);
      if (match(message)) return seen;
    }
  }

  /** Every message until the stream ends. */
  async rest(timeoutMs = 15_000): Promise<SseMessage[]> {
    const seen: SseMessage[] = [];
    for (;;) {
      const message = await this.next(timeoutMs);
      if (!message) return seen;
      seen.push(message);
    }
  }

  async cancel(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }

  /** The error for a wait with no message: what came before it, so a failure says where. */
  private silence(timeoutMs: number): Error {
    const last = this.received.slice(-5).join(", ") || "none";
    return new Error(
      `no SSE message in ${timeoutMs} ms; ${this.received.length} received before (last: ${last}), ` +
        `${this.comments} comments`,
    );
  }

  private parse(text: string): void {
    this.buffer += text;
    let end: number;
    while ((end = this.buffer.indexOf("\n\n")) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const message: SseMessage = { event: "message", data: "" };
      let fields = 0;
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) {
          this.comments++;
          continue;
        }
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        fields++;
        if (field === "event") message.event = value;
        else if (field === "id") message.id = value;
        else if (field === "data") message.data += (message.data ? "\n" : "") + value;
      }
      if (fields) {
        this.queue.push(message);
        this.received.push(`${message.event}${message.id ? `#${message.id}` : ""}`);
      }
    }
  }
}
