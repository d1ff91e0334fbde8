import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

/** The timers keeping this process alive, by kind ("Timeout" is one that is ref'd). */
const liveTimers = (): number =>
  process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;

void test("a missing program is named with the spawn error, and leaves no timer behind", async () => {
  const before = liveTimers();
  const answer = await probeBwrapAsync("/nonexistent/bwrap");
  assert.equal(answer.ok, false);
  if (!answer.ok) assert.match(answer.reason, /\/nonexistent\/bwrap: .*ENOENT/);
  // A timer left by the probe held every command without bwrap 5 s after it had finished.
  assert.equal(liveTimers(), before);
});

void test("a probe that does not answer is killed at its timeout, and says so", async () => {
  const dir = mkdtempSync(join(tmpdir(), "bwrap-probe-"));
  const hang = join(dir, "bwrap");
  writeFileSync(hang, "#!/bin/sh\nexec sleep 60\n", { mode: 0o755 });
  try {
    const before = liveTimers();
    const probe = probeBwrapAsync(hang);
    assert.equal(liveTimers(), before + 1, "the probe's own timer runs while it waits");
    const answer = await probe;
    assert.equal(answer.ok, false);
    if (!answer.ok) assert.match(answer.reason, /exited with SIGKILL: no answer within 5000 ms/);
    assert.equal(liveTimers(), before);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

void test("a working bwrap is found by both", { skip: !existsSync("/usr/bin/bwrap") }, async () => {
  const sync = probeBwrap("/usr/bin/bwrap");
  assert.deepEqual(await probeBwrapAsync("bwrap"), sync.ok ? { ok: true, path: "bwrap" } : sync);
});
