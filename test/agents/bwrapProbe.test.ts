import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { test } from "node:test";
import { probeBwrap, probeBwrapAsync } from "../../src/agents/sandbox/bwrapProbe.js";

// The probe `run` starts early (a child it does not block on) answers as the blocking one
// does: each is asked of a different path to the same program (answers are kept per path).

void test("a program that fails is not a working bwrap, asked either way", async () => {
  const early = probeBwrapAsync("/bin/false");
  assert.equal(probeBwrapAsync("/bin/false"), early, "one child per path");
  const asyncAnswer = await early;
  const syncAnswer = probeBwrap("/usr/bin/false");
  assert.equal(asyncAnswer.ok, false);
  assert.equal(syncAnswer.ok, false);
  if (!asyncAnswer.ok && !syncAnswer.ok) {
    assert.match(asyncAnswer.reason, /^\/bin\/false exited with 1/);
    assert.match(syncAnswer.reason, /^\/usr\/bin\/false exited with 1/);
  }
  assert.equal(probeBwrap("/bin/false"), asyncAnswer, "the sync probe reuses the answer");
});

void test("a missing program is named with the spawn error", async () => {
  const answer = await probeBwrapAsync("/nonexistent/bwrap");
  assert.equal(answer.ok, false);
  if (!answer.ok) assert.match(answer.reason, /\/nonexistent\/bwrap: .*ENOENT/);
});

void test("a working bwrap is found by both", { skip: !existsSync("/usr/bin/bwrap") }, async () => {
  const sync = probeBwrap("/usr/bin/bwrap");
  assert.deepEqual(await probeBwrapAsync("bwrap"), sync.ok ? { ok: true, path: "bwrap" } : sync);
});
