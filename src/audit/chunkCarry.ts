import { knownSecrets, type SecretRegistry } from "../util/secretRegistry.js";
import { StreamRedactor } from "../util/streamRedactor.js";

/** How a carry reads and rewrites the streamed text of one kind of item. */
export interface ChunkAccess<T> {
  /** The stream a text chunk belongs to and its text; undefined for any other item. */
  chunkOf(item: T): { stream: string; text: string } | undefined;
  /** A copy of a chunk with its text replaced. */
  withText(item: T, text: string): T;
}

/**
 * Masks secrets split across streamed chunks (events, journal entries) without merging or
 * dropping items: each chunk's text becomes what the StreamRedactor lets out. A chunk whose
 * tail is held back is itself held until the next item: a chunk of the same stream takes the
 * tail over, anything else ends the stream and the tail goes back to the held chunk. Items
 * come out in the order they went in; nothing is held while no tail could begin a secret.
 */
export class ChunkCarry<T> {
  private readonly redactor: StreamRedactor;
  private stream: string | undefined;
  private pending: { item: T; text: string } | undefined;

  constructor(
    private readonly access: ChunkAccess<T>,
    private readonly registry: SecretRegistry = knownSecrets,
  ) {
    this.redactor = new StreamRedactor(registry);
  }

  /**
   * True while `push` would hand any item straight back: no secret is registered (none could
   * be split) and nothing is held. A caller may then skip it (and building its item).
   */
  get passing(): boolean {
    return this.registry.size === 0 && !this.pending;
  }

  /** The items ready to be written now, in order (none, one or two). */
  push(item: T): T[] {
    if (this.registry.size === 0 && !this.pending) return [item];
    const chunk = this.access.chunkOf(item);
    const ready = chunk && chunk.stream === this.stream ? this.release() : this.end();
    if (!chunk) {
      ready.push(item);
      return ready;
    }
    this.stream = chunk.stream;
    const text = this.redactor.push(chunk.text);
    if (this.redactor.holding) this.pending = { item, text };
    else ready.push(text === chunk.text ? item : this.access.withText(item, text));
    return ready;
  }

  /** Ends the stream: the held chunk, if any, with its tail. */
  end(): T[] {
    this.stream = undefined;
    const tail = this.redactor.end();
    if (this.pending) this.pending.text += tail;
    return this.release();
  }

  private release(): T[] {
    const pending = this.pending;
    this.pending = undefined;
    return pending ? [this.access.withText(pending.item, pending.text)] : [];
  }
}
