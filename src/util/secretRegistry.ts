import { Emitter, type Disposable } from "./emitter.js";

/** What a masked secret looks like everywhere: CLI output, audit records, journal, logs. */
export const MASK = "[REDACTED]";

/**
 * The one minimum: a shorter value cannot be masked without garbling ordinary text (it would
 * mask common words), so the broker refuses to hand it out and the registry refuses to hold it.
 */
export const MIN_SECRET_LENGTH = 6;

/**
 * Every secret value this process has handed out, and the one rule that masks them: each
 * value, also in the JSON-escaped spelling it takes inside `JSON.stringify` output, longest
 * first (a secret that contains another is masked whole). The CLI printers, the audit store,
 * the wire journal and the logs all mask with this.
 */
export class SecretRegistry {
  private readonly known = new Set<string>();
  private readonly added = new Emitter<string>();
  private sorted: string[] = [];
  private pattern: RegExp | undefined;

  /** Throws for a value shorter than MIN_SECRET_LENGTH: it could not be masked. */
  add(value: string): void {
    if (value.length < MIN_SECRET_LENGTH) {
      throw new RangeError(
        `a secret shorter than ${MIN_SECRET_LENGTH} characters cannot be masked`,
      );
    }
    if (this.known.has(value)) return;
    this.known.add(value);
    const needles = new Set([...this.sorted, value, JSON.stringify(value).slice(1, -1)]);
    this.sorted = [...needles].sort((a, b) => b.length - a.length);
    this.pattern = new RegExp(this.sorted.map(escapeRegExp).join("|"), "g");
    this.added.emit(value);
  }

  values(): string[] {
    return [...this.known];
  }

  /** Every string that is masked (values and their JSON-escaped spellings), longest first. */
  needles(): readonly string[] {
    return this.sorted;
  }

  get size(): number {
    return this.known.size;
  }

  /** Called with each new value once; subscribe, then read `values()` for the earlier ones. */
  onSecret(listener: (value: string) => void): Disposable {
    return this.added.on(listener);
  }

  redact(text: string): string {
    return this.pattern ? text.replace(this.pattern, MASK) : text;
  }

  /** Where each masked occurrence is in `text`, in order: `[start, end)` pairs. */
  matches(text: string): [number, number][] {
    if (!this.pattern) return [];
    return [...text.matchAll(this.pattern)].map((m) => [m.index, m.index + m[0].length]);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The process-wide registry: the broker records into it and every writer masks with it. */
export const knownSecrets = new SecretRegistry();

/** Masks every secret value handed out in this process. */
export function redactKnownSecrets(text: string): string {
  return knownSecrets.redact(text);
}

/** Masks `values` (not yet registered, e.g. a failed secret command's output) in `text`. */
export function redactValues(text: string, values: Iterable<string>): string {
  const registry = new SecretRegistry();
  for (const value of values) if (value.length >= MIN_SECRET_LENGTH) registry.add(value);
  return registry.redact(text);
}
