/** What of a tapped message the wire journal stores, as text (wireJournal.ts). */
import type { TappedMessage } from "../protocol/tap.js";

/**
 * Whether a line spells a character by an escape that the serialised message would spell as
 * the character itself: `\uXXXX` (`\u0073k-…` is `sk-…`) or `\/`. The redactor must see
 * the character, so such a line is journaled serialised. The other escapes (`\"`, `\\`,
 * `\n`, `\t`, `\r`, `\b`, `\f`) are the ones JSON.stringify writes too: a line of an
 * agent's text with newlines in it is journaled as it came. (Conservative: an escaped
 * backslash before a `u` or `/` counts.)
 */
export function spellsByEscape(line: string): boolean {
  return line.includes("\\u") || line.includes("\\/");
}

/** Whether a line is journaled as it came: nothing to trim, no spelling escape (wireText). */
export function isVerbatim(line: string): boolean {
  return (
    line.charCodeAt(0) === 0x7b && // {
    line.charCodeAt(line.length - 1) === 0x7d && // }
    !spellsByEscape(line)
  );
}

/**
 * What is journaled of a message: the agent's line as it came (trimmed) unless it spells a
 * character by an escape (spellsByEscape) — then every string in it is spelled as in the
 * serialised message, so the redactor sees in it what it would see there — and otherwise
 * the message serialised.
 */
export function wireText({ line, message }: TappedMessage): string {
  return line !== undefined && !spellsByEscape(line) ? line.trim() : JSON.stringify(message);
}

/** At most `maxBytes` of UTF-8, cut on a character boundary. */
export function truncateUtf8(text: string, maxBytes: number): string {
  const buffer = Buffer.from(text);
  let end = Math.min(maxBytes, buffer.length);
  while (end > 0 && ((buffer[end] ?? 0) & 0xc0) === 0x80) end--;
  return buffer.subarray(0, end).toString("utf8");
}
