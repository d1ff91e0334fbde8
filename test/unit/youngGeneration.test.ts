import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { holdYoungGeneration } from "../../src/util/youngGeneration.js";

const GROWTH = fileURLToPath(new URL("../fixtures/youngGrowth.js", import.meta.url));

function growth(...args: string[]): { before: number; after: number; held: boolean } {
  // A clean NODE_OPTIONS: the fixture's own start decides, not the test runner's.
  const out = execFileSync(process.execPath, [GROWTH, ...args], {
    encoding: "utf8",
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  return JSON.parse(out) as { before: number; after: number; held: boolean };
}

void test("held, the young generation keeps its size while survivors pile up; left alone, V8 grows it", () => {
  // new_space's size counts one semi-space before the first scavenge, both after it.
  const free = growth();
  assert.ok(free.after > 4 * free.before, `V8 grows it by itself: ${JSON.stringify(free)}`);
  const held = growth("hold");
  assert.equal(held.held, true);
  assert.ok(held.after <= 2 * held.before, `not grown: ${JSON.stringify(held)}`);
});

void test("a process started with a semi-space flag of its own keeps its tuning", () => {
  assert.equal(holdYoungGeneration(["--max-semi-space-size=64"], ""), false);
  assert.equal(holdYoungGeneration([], "--semi-space-growth-factor=4"), false);
  assert.equal(holdYoungGeneration(["--min-semi-space-size=2"], ""), false);
});
