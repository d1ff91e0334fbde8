import { createHash } from "node:crypto";
import type { AuditDiff, AuditDiffHunk } from "./auditRecord.js";
import { diffHunks } from "./diffHunks.js";
import { lineOps, linesOf } from "./lineDiff.js";

/** A hunk larger than this keeps only its position, sha256 and size. */
export const MAX_HUNK_BYTES = 16 * 1024;
/** At most this much diff text per record: hunks past it keep only position, hash and size. */
export const MAX_DIFF_BYTES = 64 * 1024;
/** Unchanged lines shown around each change (as `diff -u`). */
export const DIFF_CONTEXT_LINES = 3;

export interface DiffLimits {
  hunkBytes?: number;
  totalBytes?: number;
}

/**
 * A unified diff with context (jsdiff's line diff), bounded per hunk: every hunk that fits
 * keeps its text, so two small edits far apart in a large file both stay reviewable; a hunk
 * over `hunkBytes` (or past `totalBytes`) is listed in `omitted` with its sha256 and size.
 * `sha256` and `bytes` are those of the whole diff. `before` undefined means a new file.
 */
export function boundedDiff(
  path: string,
  before: string | undefined,
  after: string,
  limits: DiffLimits = {},
): AuditDiff {
  const hunkBytes = limits.hunkBytes ?? MAX_HUNK_BYTES;
  const totalBytes = limits.totalBytes ?? MAX_DIFF_BYTES;
  const header = `--- ${before === undefined ? "/dev/null" : `a/${path}`}\n+++ b/${path}\n`;
  const hunks = diffHunks(lineOps(linesOf(before ?? ""), linesOf(after)), DIFF_CONTEXT_LINES);
  const whole = header + hunks.map((h) => h.text).join("");
  const kept: string[] = [];
  const omitted: AuditDiffHunk[] = [];
  let size = Buffer.byteLength(header);
  for (const { text, ...at } of hunks) {
    const bytes = Buffer.byteLength(text);
    if (bytes <= hunkBytes && size + bytes <= totalBytes) {
      kept.push(text);
      size += bytes;
    } else {
      omitted.push({ ...at, sha256: sha256(text), bytes });
    }
  }
  const diff: AuditDiff = {
    sha256: sha256(whole),
    bytes: Buffer.byteLength(whole),
    truncated: omitted.length > 0,
  };
  if (kept.length > 0 || hunks.length === 0) diff.text = header + kept.join("");
  if (omitted.length > 0) diff.omitted = omitted;
  return diff;
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
