import type { LineOp } from "./lineDiff.js";

/** A unified-diff hunk: the numbers of its `@@` line and its text. */
export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** `@@ -a,b +c,d @@` and its lines, each ending in a newline. */
  text: string;
}

const NO_NEWLINE = "\\ No newline at end of file\n";

/**
 * Groups a line diff into hunks with `context` unchanged lines around each change, as
 * `diff -u` does: changes closer than twice the context share a hunk. A start is one lower
 * when its count is 0 (the line the hunk comes after).
 */
export function diffHunks(ops: LineOp[], context: number): DiffHunk[] {
  const hunks: DiffHunk[] = [];
  let oldLine = 0; // old/new lines before index i
  let newLine = 0;
  let i = 0;
  while (i < ops.length) {
    if (ops[i]?.op === " ") {
      oldLine++;
      newLine++;
      i++;
      continue;
    }
    const back = Math.min(context, countKeptBefore(ops, i));
    let end = i;
    for (;;) {
      while (end < ops.length && ops[end]?.op !== " ") end++;
      let kept = 0;
      while (end + kept < ops.length && ops[end + kept]?.op === " ") kept++;
      if (end + kept >= ops.length || kept > 2 * context) {
        end += Math.min(kept, context);
        break;
      }
      end += kept;
    }
    let oldLines = 0;
    let newLines = 0;
    const lines: string[] = [];
    for (let k = i - back; k < end; k++) {
      const { op, line } = ops[k] ?? { op: " ", line: "" };
      if (op !== "+") oldLines++;
      if (op !== "-") newLines++;
      lines.push(op + (line.endsWith("\n") ? line : line + "\n" + NO_NEWLINE));
    }
    const oldStart = oldLine - back + (oldLines === 0 ? 0 : 1);
    const newStart = newLine - back + (newLines === 0 ? 0 : 1);
    const head = `@@ -${oldStart},${oldLines} +${newStart},${newLines} @@\n`;
    hunks.push({ oldStart, oldLines, newStart, newLines, text: head + lines.join("") });
    for (let k = i; k < end; k++) {
      if (ops[k]?.op !== "+") oldLine++;
      if (ops[k]?.op !== "-") newLine++;
    }
    i = end;
  }
  return hunks;
}

function countKeptBefore(ops: LineOp[], i: number): number {
  let n = 0;
  while (n < i && ops[i - 1 - n]?.op === " ") n++;
  return n;
}
