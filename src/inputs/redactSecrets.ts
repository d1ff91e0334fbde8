/** What a masked secret looks like in any output. */
export const MASK = "***";

/**
 * Values shorter than this cannot be masked without garbling ordinary output, so the broker
 * refuses to hand them out at all.
 */
export const MIN_REDACTED_LENGTH = 4;

/**
 * Replaces every occurrence of every value with `***`, also in the JSON-escaped spelling a
 * value takes inside `JSON.stringify` output. Longest values first, so a secret that contains
 * another is masked whole.
 */
export function redactSecrets(text: string, values: Iterable<string>): string {
  const needles = new Set<string>();
  for (const value of values) {
    if (value.length < MIN_REDACTED_LENGTH) continue;
    needles.add(value);
    needles.add(JSON.stringify(value).slice(1, -1));
  }
  if (needles.size === 0) return text;
  let result = text;
  for (const needle of [...needles].sort((a, b) => b.length - a.length)) {
    if (result.includes(needle)) result = result.split(needle).join(MASK);
  }
  return result;
}
