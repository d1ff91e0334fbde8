import assert from "node:assert/strict";
import { test } from "node:test";
import { ChunkCarry, type ChunkAccess } from "../../src/audit/chunkCarry.js";
import { MASK, SecretRegistry } from "../../src/util/secretRegistry.js";
import { StreamRedactor } from "../../src/util/streamRedactor.js";

const SECRET = "planted-stream-secret-42";

function registryOf(...values: string[]): SecretRegistry {
  const registry = new SecretRegistry();
  for (const value of values) registry.add(value);
  return registry;
}

void test("a secret split across pushes is masked; only a tail that could begin one is held", () => {
  const stream = new StreamRedactor(registryOf(SECRET));
  assert.equal(stream.push("nothing to hold. "), "nothing to hold. ");
  assert.equal(stream.holding, false);
  assert.equal(stream.push("the key is plant"), "the key is ");
  assert.equal(stream.holding, true, "'plant' could begin the secret");
  assert.equal(stream.push("ed-stream-sec"), "");
  assert.equal(stream.push("ret-42, done"), `${MASK}, done`);
  assert.equal(stream.holding, false);
  assert.equal(stream.push(" plan"), " ");
  assert.equal(stream.push("s change"), "plans change", "a tail that stops matching is let out");
  assert.equal(stream.push(" p"), " ");
  assert.equal(stream.end(), "p", "the end of the stream lets the held tail out");
});

void test("written + ended text equals masking the whole stream, however it is cut", () => {
  // Overlapping secrets: a complete one must not be cut where another could begin.
  const values = [SECRET, "xyzw-abcd-0001", "abcd-0001-tail", 'quo"ted-secret'];
  const registry = registryOf(...values);
  const whole = [
    `a ${SECRET} b xyzw-abcd-0001-tail c`,
    JSON.stringify({ k: 'quo"ted-secret' }),
    `plan planted-stream-secret-4 ${SECRET}${SECRET} xyzw-abcd-000`,
  ].join("\n");
  let seed = 7;
  const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  for (let round = 0; round < 300; round++) {
    const stream = new StreamRedactor(registry);
    let out = "";
    for (let i = 0; i < whole.length;) {
      const size = 1 + next(round % 3 === 0 ? 3 : 12);
      out += stream.push(whole.slice(i, i + size));
      i += size;
    }
    out += stream.end();
    assert.equal(out, registry.redact(whole), `round ${round}`);
  }
});

interface Item {
  n: number;
  text?: string;
}

const ITEMS: ChunkAccess<Item> = {
  chunkOf: (item) => (item.text === undefined ? undefined : { stream: "s", text: item.text }),
  withText: (item, text) => ({ ...item, text }),
};

void test("the carry keeps items in order, holds only a chunk whose tail is held, and gives the tail back at the end", () => {
  const carry = new ChunkCarry(ITEMS, registryOf(SECRET));
  assert.deepEqual(carry.push({ n: 1, text: "hello " }), [{ n: 1, text: "hello " }]);
  assert.deepEqual(
    carry.push({ n: 2, text: "key planted-str" }),
    [],
    "held: its tail may continue",
  );
  assert.deepEqual(carry.push({ n: 3, text: "eam-secret-42 ok" }), [
    { n: 2, text: "key " },
    { n: 3, text: `${MASK} ok` },
  ]);
  assert.deepEqual(carry.push({ n: 4, text: "then plan" }), []);
  assert.deepEqual(carry.push({ n: 5 }), [{ n: 4, text: "then plan" }, { n: 5 }]);
  assert.deepEqual(carry.push({ n: 6, text: "last plant" }), []);
  assert.deepEqual(carry.end(), [{ n: 6, text: "last plant" }]);
  assert.deepEqual(carry.end(), []);
});
