import type { TappedMessage, TappedRun } from "./tap.js";
import { stringBody, type ChunkTemplate } from "./textChunkTemplates.js";

/**
 * Text chunks of one template that follow each other in one decoded read, gathered by the
 * line parser (nodeNdJsonStream.ts) as they are matched and handed over as one TappedRun.
 */
export class ChunkRun implements TappedRun {
  readonly lines: string[] = [];
  readonly bodies: string[] = [];
  private readonly ats: number[] = [];
  end: number;

  constructor(
    readonly envelope: ChunkTemplate,
    readonly chunk: string,
    readonly start: number,
    readonly bytes: Buffer | undefined,
  ) {
    this.end = start;
  }

  get sessionId(): string {
    return this.envelope.sessionId;
  }

  get sessionUpdate(): string {
    return this.envelope.sessionUpdate;
  }

  get size(): number {
    return this.lines.length;
  }

  /** Whether the line of `envelope` at `at` in `chunk` comes right after the run's last. */
  continues(envelope: ChunkTemplate, chunk: string, at: number): boolean {
    return envelope === this.envelope && chunk === this.chunk && at === this.end + 1;
  }

  add(line: string, body: string, at: number): void {
    this.lines.push(line);
    this.bodies.push(body);
    this.ats.push(at);
    this.end = at + line.length;
  }

  tapped(i: number): TappedMessage {
    const body = this.bodies[i]!;
    return {
      direction: "in",
      // A body was a valid string when it was matched.
      message: this.envelope.message(stringBody(body)!),
      line: this.lines[i],
      chunk: this.chunk,
      at: this.ats[i],
      bytes: this.bytes,
      envelope: this.envelope,
      body,
    };
  }
}
