import { knownSecrets, MASK, SecretRegistry } from "../util/secretRegistry.js";

/** What a redacted value is replaced with: the one mask (also the CLI's). */
export const REDACTED = MASK;

/**
 * Shapes of credentials that are never written anywhere, registered or not. Each begins at a
 * word boundary, or right after a JSON escape of a letter (`\n`, `\t`, …): in a journaled
 * line a key that follows a newline of the agent's text is `\nsk-…`, where `n` and `s` leave
 * no boundary between them.
 */
const PATTERNS: RegExp[] = [
  // `Authorization: Bearer …` / `Basic …` headers, and bare bearer tokens.
  /(?:\b|(?<=\\[bfnrt]))(Authorization\s*["']?\s*[:=]\s*["']?\s*(?:Bearer|Basic|Token)\s+)[^\s"',}]+/gi,
  /(?:\b|(?<=\\[bfnrt]))(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/g,
  // OpenAI / Anthropic style keys.
  /(?:\b|(?<=\\[bfnrt]))sk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}/g,
  // GitHub tokens.
  /(?:\b|(?<=\\[bfnrt]))gh[pousr]_[A-Za-z0-9]{20,}/g,
  /(?:\b|(?<=\\[bfnrt]))github_pat_[A-Za-z0-9_]{20,}/g,
  // Slack tokens.
  /(?:\b|(?<=\\[bfnrt]))xox[abprs]-[A-Za-z0-9-]{10,}/g,
  // AWS access key ids, and secret keys when named.
  /(?:\b|(?<=\\[bfnrt]))(?:AKIA|ASIA)[A-Z0-9]{16}\b/g,
  /(?:\b|(?<=\\[bfnrt]))(aws_secret_access_key\s*["']?\s*[:=]\s*["']?)[A-Za-z0-9/+=]{40}/gi,
  // Google API keys.
  /(?:\b|(?<=\\[bfnrt]))AIza[0-9A-Za-z_-]{35}/g,
];

/** Masks every credential shape of PATTERNS in `text`. */
function maskShapes(text: string): string {
  let out = text;
  for (const pattern of PATTERNS) {
    out = out.replace(pattern, (match: string, prefix?: unknown) =>
      typeof prefix === "string" && match.startsWith(prefix) ? `${prefix}${REDACTED}` : REDACTED,
    );
  }
  return out;
}

/** Cheap pre-check: a string with none of these cannot match any pattern above. */
const MAYBE =
  /sk-|gh[pousr]_|github_pat_|xox[abprs]-|AKIA|ASIA|aws_secret|AIza|bearer|basic|token/i;

/**
 * Replaces secrets in text before it is written to the audit, the journal, logs or API
 * output: the values in the secret registry (the one the credential broker records every
 * handed-out value into; the CLI masks with the same), plus well-known credential shapes.
 */
export class Redactor {
  /** Default: a registry of its own (tests); the process-wide `redactor` uses `knownSecrets`. */
  constructor(readonly registry: SecretRegistry = new SecretRegistry()) {}

  /** Adds a value to the registry; throws for one too short to be masked. */
  registerSecret(value: string): void {
    this.registry.add(value);
  }

  get registeredCount(): number {
    return this.registry.size;
  }

  redact(text: string): string {
    const out = this.registry.redact(text);
    return MAYBE.test(out) ? maskShapes(out) : out;
  }

  /**
   * Whether `redact` could change `text`: a secret is registered, or the text holds the
   * beginning of a credential shape. False: `redact(text)` is `text`.
   */
  mayChange(text: string): boolean {
    return this.registry.size > 0 || MAYBE.test(text);
  }

  /**
   * `redact` of a text of JSON lines (a journal run: one message a line, each `{…}`), with
   * its result: the registry's values are masked in one pass over the whole, and the
   * credential shapes (none can span from one `{…}` line into the next) are looked for line
   * by line, and only when the whole may hold one: one scan of a run where a stream's lines
   * were each scanned, the shapes' nine scans only over the lines that need them.
   */
  redactLines(text: string): string {
    const out = this.registry.redact(text);
    if (!MAYBE.test(out)) return out;
    return out
      .split("\n")
      .map((line) => (MAYBE.test(line) ? maskShapes(line) : line))
      .join("\n");
  }

  /** Redacts every string inside a JSON-like value (keys included); returns a copy. */
  redactValue<T>(value: T): T {
    return this.walk(value) as T;
  }

  /**
   * The value as JSON would store it, redacted, in one walk (the append path's copy): toJSON
   * applied, undefined and functions left out of objects and null in arrays, non-finite
   * numbers null; a BigInt throws as in JSON.stringify.
   */
  redactJson(value: unknown): unknown {
    let v = value;
    if (
      v !== null &&
      typeof v === "object" &&
      typeof (v as { toJSON?: unknown }).toJSON === "function"
    )
      v = (v as { toJSON(): unknown }).toJSON();
    switch (typeof v) {
      case "string":
        return this.redact(v);
      case "number":
        return Number.isFinite(v) ? v + 0 : null; // -0 becomes 0, as in JSON
      case "boolean":
        return v;
      case "bigint":
        throw new TypeError("Do not know how to serialize a BigInt");
      case "object": {
        if (v === null) return null;
        if (Array.isArray(v)) return v.map((item) => this.redactJson(item) ?? null);
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(v)) {
          const member = this.redactJson((v as Record<string, unknown>)[key]);
          if (member !== undefined) out[this.redact(key)] = member;
        }
        return out;
      }
      default:
        return undefined;
    }
  }

  private walk(value: unknown): unknown {
    if (typeof value === "string") return this.redact(value);
    if (Array.isArray(value)) return value.map((v) => this.walk(v));
    if (value !== null && typeof value === "object") {
      const out: Record<string, unknown> = {};
      for (const [key, v] of Object.entries(value)) out[this.redact(key)] = this.walk(v);
      return out;
    }
    return value;
  }
}

/** The process-wide redactor, over the registry the broker records into. */
export const redactor = new Redactor(knownSecrets);

/** Adds a value to the process-wide registry (the broker already adds every value it hands out). */
export function registerSecret(value: string): void {
  knownSecrets.add(value);
}
