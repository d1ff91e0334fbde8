/** What an unbounded value becomes once it is too large to keep whole. */
export interface TruncatedJson {
  truncated: true;
  /** Size of the full JSON text, in UTF-16 code units. */
  length: number;
  /** The first `maxChars` of the JSON text. */
  preview: string;
}

export const DEFAULT_BOUND_CHARS = 4096;

/**
 * Keeps a value as it is when its JSON is at most `maxChars` long, else a preview of it.
 * Agents' params are untrusted and unbounded; events and audit records must not be.
 */
export function boundJson(value: unknown, maxChars = DEFAULT_BOUND_CHARS): unknown {
  if (value === undefined) return undefined;
  let text: string;
  try {
    text = JSON.stringify(value) ?? "null";
  } catch {
    return { truncated: true, length: 0, preview: "[unserialisable]" } satisfies TruncatedJson;
  }
  if (text.length <= maxChars) return value;
  return {
    truncated: true,
    length: text.length,
    preview: text.slice(0, maxChars),
  } satisfies TruncatedJson;
}
