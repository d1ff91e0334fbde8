import assert from "node:assert/strict";
import { test } from "node:test";
import {
  displayCount,
  displayLabel,
  displayText,
  lenientObject,
} from "../../src/protocol/lenientParams.js";

void test("displayLabel reads Cursor's tagged subagentType objects as a path", () => {
  assert.equal(displayLabel("explore"), "explore");
  assert.equal(displayLabel({ custom: { unspecified: {} } }), "custom/unspecified");
  assert.equal(displayLabel({ unspecified: {} }), "unspecified");
  assert.equal(displayLabel({ custom: { name: "file-counter" } }), "custom/file-counter");
  assert.equal(displayLabel({ a: 1, b: 2 }), undefined);
  assert.equal(displayLabel({}), undefined);
  assert.equal(displayLabel([1]), undefined);
  assert.equal(displayLabel(null), undefined);
  assert.equal(displayLabel({ a: { b: { c: { d: { e: {} } } } } }), "a/b/c/d", "depth is bounded");
  assert.equal(displayLabel("x".repeat(500))?.length, 200);
});

void test("displayText shows strings and scalars, drops the rest", () => {
  assert.equal(displayText("abc", 2), "ab");
  assert.equal(displayText(42), "42");
  assert.equal(displayText(false), "false");
  assert.equal(displayText({ a: 1 }), undefined);
  assert.equal(displayText(null), undefined);
  assert.equal(displayCount(12), 12);
  assert.equal(displayCount(-1), undefined);
  assert.equal(displayCount(Number.NaN), undefined);
  assert.equal(displayCount("12"), undefined);
});

void test("lenientObject reads non-objects as {} and keeps unknown keys", () => {
  const schema = lenientObject({});
  assert.deepEqual(schema.parse("text"), {});
  assert.deepEqual(schema.parse([1]), {});
  assert.deepEqual(schema.parse({ a: { b: 1 } }), { a: { b: 1 } });
});
