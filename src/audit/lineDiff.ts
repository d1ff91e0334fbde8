import { diffArrays } from "diff";

/** One line of a diff: kept (` `), removed (`-`) or added (`+`), with its terminator. */
export interface LineOp {
  op: " " | "-" | "+";
  line: string;
}

/**
 * Past this many changed lines jsdiff stops searching (its cost grows with the file size
 * times this: ~0.15 s on a 1 MiB file, measured); the lines that occur once on each side then
 * cut the problem into smaller ones (as patience diff does), so that a large rewrite in one
 * place does not swallow a small edit elsewhere. What cannot be cut is replaced whole.
 */
const MAX_EDIT_LINES = 500;
const MAX_DEPTH = 6;

/** Lines with their terminators, so that a missing final newline is a difference. */
export function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** The line diff of `a` to `b` (jsdiff's Myers diff), as kept/removed/added lines in order. */
export function lineOps(a: string[], b: string[]): LineOp[] {
  const out: LineOp[] = [];
  diffInto(out, a, b, 0);
  return out;
}

function diffInto(out: LineOp[], a: string[], b: string[], depth: number): void {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a.at(-1 - tail) === b.at(-1 - tail))
    tail++;
  for (let i = 0; i < head; i++) out.push({ op: " ", line: a[i] ?? "" });
  middleInto(out, a.slice(head, a.length - tail), b.slice(head, b.length - tail), depth);
  for (let i = a.length - tail; i < a.length; i++) out.push({ op: " ", line: a[i] ?? "" });
}

function middleInto(out: LineOp[], a: string[], b: string[], depth: number): void {
  // One line on a side (common between anchors): no search needed, and none of its cost.
  const single =
    a.length === 1 ? b.indexOf(a[0] ?? "") : b.length === 1 ? a.indexOf(b[0] ?? "") : -1;
  if (single >= 0) {
    const [many, op] = a.length === 1 ? [b, "+" as const] : [a, "-" as const];
    many.forEach((line, k) => out.push({ op: k === single ? " " : op, line }));
    return;
  }
  const changes =
    a.length > 1 && b.length > 1 ? diffArrays(a, b, { maxEditLength: MAX_EDIT_LINES }) : undefined;
  if (changes) {
    for (const change of changes) {
      const op = change.added ? "+" : change.removed ? "-" : " ";
      for (const line of change.value) out.push({ op, line });
    }
    return;
  }
  const anchors = a.length > 1 && b.length > 1 && depth < MAX_DEPTH ? uniqueAnchors(a, b) : [];
  if (anchors.length === 0) {
    for (const line of a) out.push({ op: "-", line });
    for (const line of b) out.push({ op: "+", line });
    return;
  }
  let i = 0;
  let j = 0;
  for (const [ai, bj] of anchors) {
    diffInto(out, a.slice(i, ai), b.slice(j, bj), depth + 1);
    out.push({ op: " ", line: a[ai] ?? "" });
    i = ai + 1;
    j = bj + 1;
  }
  diffInto(out, a.slice(i), b.slice(j), depth + 1);
}

/** Lines that occur once in `a` and once in `b`, the longest run of them in the same order. */
function uniqueAnchors(a: string[], b: string[]): [number, number][] {
  const count = new Map<string, { a: number; b: number; at: number }>();
  a.forEach((line, i) => {
    const c = count.get(line);
    if (c) c.a++;
    else count.set(line, { a: 1, b: 0, at: i });
  });
  const pairs: [number, number][] = [];
  const inB = new Map<string, number>();
  b.forEach((line, j) => inB.set(line, inB.has(line) ? -1 : j));
  for (const [line, c] of count) {
    const j = inB.get(line);
    if (c.a === 1 && j !== undefined && j >= 0) pairs.push([c.at, j]);
  }
  pairs.sort((x, y) => x[0] - y[0]);
  return longestIncreasing(pairs);
}

/** Longest subsequence of `pairs` (sorted by first) whose second members increase. */
function longestIncreasing(pairs: [number, number][]): [number, number][] {
  const tops: number[] = []; // index into pairs of the smallest tail of each length
  const previous: number[] = new Array<number>(pairs.length).fill(-1);
  pairs.forEach(([, j], k) => {
    let lo = 0;
    let hi = tops.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((pairs[tops[mid] ?? 0]?.[1] ?? 0) < j) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[k] = tops[lo - 1] ?? -1;
    tops[lo] = k;
  });
  const run: [number, number][] = [];
  for (let k = tops.at(-1) ?? -1; k >= 0; k = previous[k] ?? -1) run.push(pairs[k] ?? [0, 0]);
  return run.reverse();
}
