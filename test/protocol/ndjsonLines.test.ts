import assert from "node:assert/strict";
import { test } from "node:test";
import { MessageTooLargeError } from "@agentclientprotocol/sdk";
import { NdjsonLines } from "../../src/protocol/ndjsonLines.js";

/** A tiny deterministic PRNG, so that a failure names its seed. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

const SAMPLES = ["plain", "héllo wörld", "🎉✓", "日本語", "tab\there", "cr\r", "", "  ", '{"a":1}'];

/** 1 to 40 lines drawn from SAMPLES, and their bytes, each line ended by LF. */
function randomLines(next: () => number): { lines: string[]; bytes: Buffer } {
  const lines = Array.from(
    { length: 1 + Math.floor(next() * 40) },
    () => SAMPLES[Math.floor(next() * SAMPLES.length)]!,
  );
  return { lines, bytes: Buffer.from(lines.join("\n") + "\n") };
}

test("NdjsonLines: any cut of the bytes gives the lines a whole-text split gives (UTF-8 cut inside characters, CRs, blank lines)", () => {
  for (let seed = 1; seed <= 200; seed++) {
    const next = random(seed);
    const { lines, bytes } = randomLines(next);
    const seen: string[] = [];
    const splitter = new NdjsonLines(1 << 20);
    for (let at = 0; at < bytes.length;) {
      const size = 1 + Math.floor(next() * 24);
      splitter.push(bytes.subarray(at, at + size), (text) => seen.push(text) > 0);
      at += size;
    }
    assert.deepEqual(seen, lines, `seed ${seed}`);
    assert.equal(splitter.flush(), undefined);
  }
});

test("NdjsonLines: a chunk of many lines stops at the line whose handler says stop", () => {
  const seen: string[] = [];
  const splitter = new NdjsonLines(1000);
  splitter.push(Buffer.from("a\nb\nc\nd\nunterminated"), (text) => {
    seen.push(text);
    return text !== "b";
  });
  assert.deepEqual(seen, ["a", "b"]);
  assert.equal(splitter.flush(), undefined, "nothing after the stop is kept");
});

test("NdjsonLines: a line over the limit inside a chunk of lines throws once the lines before it are handed over", () => {
  const seen: string[] = [];
  const splitter = new NdjsonLines(10);
  assert.throws(
    () => splitter.push(Buffer.from(`ok\n${"x".repeat(20)}\nlater\n`), (t) => seen.push(t) > 0),
    MessageTooLargeError,
  );
  assert.deepEqual(seen, ["ok"]);
  // Exactly at the limit, and a CR before the LF not counted, in a chunk of several lines.
  const fits: string[] = [];
  new NdjsonLines(10).push(Buffer.from(`${"y".repeat(10)}\r\nz\n`), (t) => fits.push(t) > 0);
  assert.deepEqual(fits, [`${"y".repeat(10)}\r`, "z"]);
});

test("NdjsonLines: a line handed with its decoded read is that slice of it, and the next line of that read starts one past its end", () => {
  for (let seed = 1; seed <= 200; seed++) {
    const next = random(seed);
    const { lines, bytes } = randomLines(next);
    const splitter = new NdjsonLines(1 << 20);
    let previous: { chunk: string; end: number } | undefined;
    let sliced = 0;
    for (let at = 0; at < bytes.length;) {
      const size = 1 + Math.floor(next() * 200);
      splitter.push(bytes.subarray(at, at + size), (text, chunk, offset) => {
        if (chunk === undefined || offset === undefined) {
          previous = undefined;
          return true;
        }
        sliced++;
        assert.equal(chunk.slice(offset, offset + text.length), text, `seed ${seed}`);
        if (previous?.chunk === chunk) assert.equal(offset, previous.end + 1, `seed ${seed}`);
        previous = { chunk, end: offset + text.length };
        return true;
      });
      previous = undefined;
      at += size;
    }
    assert.ok(sliced > 0 || lines.length < 3, `seed ${seed}: no line came with its read`);
  }
});
