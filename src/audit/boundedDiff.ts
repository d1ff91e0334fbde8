import { createHash } from "node:crypto";
import type { AuditDiff } from "./auditRecord.js";

/** Diffs larger than this are stored as hash and size only. */
export const MAX_DIFF_BYTES = 16 * 1024;

/**
 * A unified diff of one hunk (common leading and trailing lines trimmed), bounded: beyond
 * `maxBytes` only its sha256 and size are kept. `before` undefined means a new file.
 */
export function boundedDiff(
  path: string,
  before: string | undefined,
  after: string,
  maxBytes = MAX_DIFF_BYTES,
): AuditDiff {
  const text = unifiedDiff(path, before, after);
  const bytes = Buffer.byteLength(text);
  const sha256 = createHash("sha256").update(text).digest("hex");
  if (bytes > maxBytes) return { sha256, bytes, truncated: true };
  return { text, sha256, bytes, truncated: false };
}

function unifiedDiff(path: string, before: string | undefined, after: string): string {
  const a = before === undefined || before === "" ? [] : before.split("\n");
  const b = after === "" ? [] : after.split("\n");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail++;
  }
  const removed = a.slice(head, a.length - tail);
  const added = b.slice(head, b.length - tail);
  const header = `--- ${before === undefined ? "/dev/null" : `a/${path}`}\n+++ b/${path}\n`;
  if (removed.length === 0 && added.length === 0) return header;
  const hunk = `@@ -${head + (removed.length ? 1 : 0)},${removed.length} +${head + (added.length ? 1 : 0)},${added.length} @@\n`;
  return (
    header + hunk + [...removed.map((l) => `-${l}`), ...added.map((l) => `+${l}`)].join("\n") + "\n"
  );
}
