import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { applyPatch, createTwoFilesPatch, FILE_HEADERS_ONLY } from "diff";
import { boundedDiff, MAX_HUNK_BYTES } from "../../src/audit/boundedDiff.js";

const lines = (n: number, f: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => f(i) + "\n").join("");
const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

// 6,000 lines of ~40 bytes: ~240 KiB, far over the per-hunk bound as one hunk.
const BEFORE = lines(6000, (i) => `line ${i} of a large file, unchanged text`);

void test("two small edits far apart in a large file keep their text: two hunks with context", () => {
  const after = BEFORE.replace("line 10 of", "LINE 10 of").replace("line 5900 of", "LINE 5900 of");
  const diff = boundedDiff("big.txt", BEFORE, after);
  assert.equal(diff.truncated, false);
  assert.equal(diff.omitted, undefined);
  const text = diff.text ?? "";
  assert.deepEqual(
    text.split("\n").filter((l) => l.startsWith("@@")),
    ["@@ -8,7 +8,7 @@", "@@ -5898,7 +5898,7 @@"],
  );
  assert.match(text, /^--- a\/big\.txt\n\+\+\+ b\/big\.txt\n@@ -8,7 \+8,7 @@\n line 7 of/);
  assert.equal(applyPatch(BEFORE, text), after, "the kept diff is a real patch");
  assert.equal(diff.sha256, sha256(text));
  assert.equal(diff.bytes, Buffer.byteLength(text));
});

void test("a huge hunk keeps only position, hash and size; a small one far from it keeps its text", () => {
  const huge = lines(1000, (i) => `rewritten ${i} with enough text to be large`);
  const after = BEFORE.replace("line 10 of", "LINE 10 of").replace(
    lines(1000, (i) => `line ${i + 3000} of a large file, unchanged text`),
    huge,
  );
  const diff = boundedDiff("big.txt", BEFORE, after);
  assert.equal(diff.truncated, true);
  const text = diff.text ?? "";
  assert.deepEqual(
    text.split("\n").filter((l) => l.startsWith("@@")),
    ["@@ -8,7 +8,7 @@"],
  );
  assert.match(text, /\n-line 10 of.*\n\+LINE 10 of/);
  const omitted = diff.omitted ?? [];
  assert.equal(omitted.length, 1);
  const [hunk] = omitted;
  assert.deepEqual(
    [hunk?.oldStart, hunk?.oldLines, hunk?.newStart, hunk?.newLines],
    [2998, 1006, 2998, 1006],
  );
  assert.ok((hunk?.bytes ?? 0) > MAX_HUNK_BYTES);
  const whole = boundedDiff("big.txt", BEFORE, after, { hunkBytes: 1 << 30, totalBytes: 1 << 30 });
  assert.equal(whole.truncated, false);
  assert.equal(applyPatch(BEFORE, whole.text ?? ""), after);
  assert.equal(diff.sha256, whole.sha256, "the hash is of the whole diff");
  assert.equal(diff.bytes, whole.bytes);
  const hunkText = (whole.text ?? "").slice((whole.text ?? "").indexOf("@@ -2998,"));
  assert.equal(hunk?.sha256, sha256(hunkText));
  assert.equal(hunk?.bytes, Buffer.byteLength(hunkText));
});

void test("new files, unchanged files, a missing final newline and a rewrite too large to search", () => {
  assert.equal(
    boundedDiff("n.txt", undefined, "a\nb").text,
    "--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n\\ No newline at end of file\n",
  );
  const same = boundedDiff("s.txt", "x\n", "x\n");
  assert.deepEqual([same.text, same.truncated], ["--- a/s.txt\n+++ b/s.txt\n", false]);
  // Every line changed: past the edit search limit, one replacement hunk, still a real patch.
  const rewrite = lines(1500, (i) => `NEW ${i}`).slice(0, -1);
  const diff = boundedDiff(
    "r.txt",
    lines(1500, (i) => `old ${i}`),
    rewrite,
    {
      hunkBytes: 1 << 30,
      totalBytes: 1 << 30,
    },
  );
  assert.equal(
    applyPatch(
      lines(1500, (i) => `old ${i}`),
      diff.text ?? "",
    ),
    rewrite,
  );
  assert.equal(
    boundedDiff(
      "r.txt",
      lines(1500, (i) => `old ${i}`),
      rewrite,
    ).text,
    undefined,
  );
});

void test("for random edits the diff applies back and changes as few lines as jsdiff's own", () => {
  let seed = 11;
  const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  for (let round = 0; round < 200; round++) {
    const before = Array.from({ length: next(40) }, () => `l${next(8)}`);
    const after = before.flatMap((line): string[] => {
      const roll = next(10);
      return roll === 0
        ? []
        : roll === 1
          ? [line, `n${next(8)}`]
          : roll === 2
            ? [`c${next(8)}`]
            : [line];
    });
    const a = before.join("\n") + (next(2) ? "\n" : "");
    const b = after.join("\n") + (next(2) ? "\n" : "");
    const diff = boundedDiff("f", a, b);
    const text = diff.text ?? "";
    assert.equal(applyPatch(a, text), b, `round ${round}`);
    const theirs = createTwoFilesPatch("a/f", "b/f", a, b, undefined, undefined, {
      context: 3,
      headerOptions: FILE_HEADERS_ONLY,
    });
    // Both are minimal edit scripts; they may align equal lines differently.
    const changed = (patch: string): number =>
      patch.split("\n").filter((l) => /^[-+](?![-+]{2} )/.test(l)).length;
    assert.equal(changed(text), changed(theirs), `round ${round}`);
  }
});

void test("edits too many to search for are cut at unique lines, and the diff still applies back", () => {
  let seed = 5;
  const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  for (let round = 0; round < 6; round++) {
    // Unique lines mixed with repeated ones; about a third of them changed: over 500 edits.
    const before = Array.from({ length: 3000 }, (_, i) => (next(3) ? `u${i}` : `dup${next(4)}`));
    const after = before.flatMap((line): string[] =>
      next(3) ? [line] : next(2) ? [] : [`new${next(1000)}`, line],
    );
    const a = before.join("\n") + "\n";
    const b = after.join("\n") + (round % 2 ? "\n" : "");
    const diff = boundedDiff("f", a, b, { hunkBytes: 1 << 30, totalBytes: 1 << 30 });
    assert.equal(applyPatch(a, diff.text ?? ""), b, `round ${round}`);
    const changed = (diff.text ?? "").split("\n").filter((l) => /^[-+](?![-+]{2} )/.test(l));
    assert.ok(changed.length < 1500, `${changed.length} lines changed: not cut at unique lines`);
  }
});
