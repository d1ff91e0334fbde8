import { knownSecrets, type SecretRegistry } from "./secretRegistry.js";

/**
 * Masks secrets in a text that arrives in pieces (an agent streams its answer token by token,
 * so a secret can be split across chunks). `push` returns what is safe to write now, masked,
 * and holds back only a tail that could begin a secret; `end` returns that tail, masked, when
 * the stream is over. Written + ended text is exactly `registry.redact` of the whole stream.
 */
export class StreamRedactor {
  private held = "";

  constructor(private readonly registry: SecretRegistry = knownSecrets) {}

  /** True while a tail is held back (the next push or `end` will write it). */
  get holding(): boolean {
    return this.held !== "";
  }

  push(text: string): string {
    const buffer = this.held + text;
    const cut = this.safeEnd(buffer);
    this.held = buffer.slice(cut);
    return this.registry.redact(buffer.slice(0, cut));
  }

  end(): string {
    const rest = this.held;
    this.held = "";
    return this.registry.redact(rest);
  }

  /**
   * Where the part that can be written ends: before the longest suffix that is a proper prefix
   * of a secret, and never inside a complete one (which is masked whole, not cut).
   */
  private safeEnd(buffer: string): number {
    const needles = this.registry.needles();
    const longest = needles[0]?.length ?? 0;
    let cut = buffer.length;
    for (let i = Math.max(0, buffer.length - longest + 1); i < buffer.length; i++) {
      const tail = buffer.slice(i);
      if (needles.some((n) => n.length > tail.length && n.startsWith(tail))) {
        cut = i;
        break;
      }
    }
    if (cut === buffer.length) return cut;
    for (const [start, end] of this.registry.matches(buffer)) {
      if (start < cut && cut < end) return start;
      if (start >= cut) break;
    }
    return cut;
  }
}
