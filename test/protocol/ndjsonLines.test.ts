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
  let asciiReads = 0;
  for (let seed = 1; seed <= 200; seed++) {
    const next = random(seed);
    const { lines, bytes } = randomLines(next);
    const splitter = new NdjsonLines(1 << 20);
    let previous: { chunk: string; end: number } | undefined;
    let sliced = 0;
    for (let at = 0; at < bytes.length;) {
      const size = 1 + Math.floor(next() * 200);
      splitter.push(bytes.subarray(at, at + size), (text, chunk, offset, read) => {
        if (chunk === undefined || offset === undefined) {
          assert.equal(read, undefined, "bytes only with a decoded read");
          previous = undefined;
          return true;
        }
        // The read's bytes come exactly when its text is ASCII: one a character, then LF.
        // eslint-disable-next-line no-control-regex -- ASCII is what it looks for
        const ascii = /^[\u0000-\u007f]*$/.test(chunk);
        assert.equal(read !== undefined, ascii, `seed ${seed}: bytes iff ASCII`);
        if (read !== undefined) {
          assert.equal(read.length, chunk.length + 1, `seed ${seed}`);
          assert.equal(read.toString("latin1", 0, chunk.length), chunk, `seed ${seed}`);
          assert.equal(read[chunk.length], 0x0a, `seed ${seed}`);
          asciiReads++;
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
  assert.ok(asciiReads > 100, `only ${asciiReads} lines came with an ASCII read's bytes`);
});

test("NdjsonLines: a read with a character past ASCII, or a byte that is no UTF-8, comes without its bytes", () => {
  for (const read of [
    Buffer.from('{"a":"é"}\n{"b":1}\n'),
    Buffer.from([0x7b, 0xff, 0x7d, 0x0a, 0x7b, 0x7d, 0x0a]),
  ]) {
    const given: (Buffer | undefined)[] = [];
    new NdjsonLines(1 << 20).push(read, (_text, _chunk, _at, bytes) => given.push(bytes) > 0);
    assert.deepEqual(given, [undefined, undefined]);
  }
  const given: (Buffer | undefined)[] = [];
  new NdjsonLines(1 << 20).push(
    Buffer.from('{"a":1}\n{"b":2}\n'),
    (_t, _c, _a, bytes) => given.push(bytes) > 0,
  );
  assert.equal(given[0]?.toString(), '{"a":1}\n{"b":2}\n');
});
