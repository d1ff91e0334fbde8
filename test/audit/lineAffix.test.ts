import assert from "node:assert/strict";
import { test } from "node:test";
import { expandLines, factorLines } from "../../src/audit/lineAffix.js";
import { prng } from "../fixtures/fuzzFrames.js";

const envelope = (text: string): string =>
  `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"${text}"}}}}`;

void test("a stream's lines keep their shared envelope once and their text each", () => {
  const lines = ["tok ", "tok ", "more", ""].map(envelope);
  const affixed = factorLines(lines.join("\n"));
  assert.deepEqual(affixed, {
    prefix: envelope("").slice(0, envelope("").indexOf('"text":"') + 8),
    suffix: '"}}}}',
    middles: "tok \ntok \nmore\n",
  });
  assert.deepEqual(expandLines(affixed), lines);
});

void test("one line, or lines that share less than 16 characters, are not factored", () => {
  assert.equal(factorLines(envelope("a")), undefined);
  assert.equal(factorLines('{"a":1}\n{"b":2}'), undefined);
  assert.equal(factorLines(`${"p".repeat(15)}x\n${"p".repeat(15)}y`), undefined);
  assert.ok(factorLines(`${"p".repeat(16)}x\n${"p".repeat(16)}y`));
});

void test("prefix and suffix never overlap in the shortest line", () => {
  // All three begin and end with "aaaa…": the shortest line is both a prefix and a suffix.
  const lines = ["a".repeat(20), "a".repeat(30), "a".repeat(25)];
  const affixed = factorLines(lines.join("\n"));
  assert.ok(affixed);
  assert.equal(affixed.prefix.length + affixed.suffix.length, 20);
  assert.deepEqual(expandLines(affixed), lines);
});

void test("a shared half of a surrogate pair stays with its line (UTF-8 would lose it alone)", () => {
  // 😀 is \ud83d\ude00, 😁 \ud83d\ude01: the lines share the high half, then differ.
  const lines = [`${"e".repeat(20)}😀x${"z".repeat(20)}`, `${"e".repeat(20)}😁x${"z".repeat(20)}`];
  const affixed = factorLines(lines.join("\n"));
  assert.ok(affixed);
  assert.equal(affixed.prefix, "e".repeat(20));
  assert.deepEqual(affixed.middles.split("\n"), ["😀", "😁"]);
  // And the low half of a pair shared at the start of the suffix.
  const low = [
    `${"e".repeat(20)}x\ud83d\ude00${"z".repeat(20)}`,
    `${"e".repeat(20)}y\ud83e\ude00${"z".repeat(20)}`,
  ];
  const lowAffixed = factorLines(low.join("\n"));
  assert.ok(lowAffixed);
  assert.equal(lowAffixed.suffix, "z".repeat(20));
  assert.deepEqual(expandLines(lowAffixed), low);
  for (const part of [affixed, lowAffixed].flatMap((a) => [a.prefix, a.suffix, a.middles]))
    assert.equal(Buffer.from(part).toString(), part, "every part survives UTF-8");
});

void test("any lines come back as they were (random lines over a small alphabet)", () => {
  const next = prng(7);
  const random = (n: number): number => Math.floor(next() * n);
  const alphabet = ["a", "b", "{", '"', "é", "😀", "\\"];
  const word = (length: number): string =>
    Array.from({ length }, () => alphabet[random(alphabet.length)]).join("");
  let factored = 0;
  for (let round = 0; round < 500; round++) {
    const head = word(random(24));
    const tail = word(random(24));
    const lines = Array.from({ length: 2 + random(8) }, () =>
      random(10) === 0 ? word(random(20)) : head + word(random(6)) + tail,
    );
    const affixed = factorLines(lines.join("\n"));
    if (affixed === undefined) continue;
    factored++;
    assert.deepEqual(expandLines(affixed), lines, JSON.stringify(lines));
    for (const part of [affixed.prefix, affixed.suffix, affixed.middles])
      assert.equal(Buffer.from(part).toString(), part, "no half of a surrogate pair alone");
    for (const line of lines) {
      assert.ok(line.startsWith(affixed.prefix) && line.endsWith(affixed.suffix));
      assert.ok(affixed.prefix.length + affixed.suffix.length <= line.length);
    }
  }
  assert.ok(factored > 100, `only ${factored} of 500 rounds were factored`);
});
