import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import test from "node:test";
import { waitGone } from "../support/processes.js";
import { REPO_ROOT } from "../support/repoRoot.js";
import { tempDir } from "../support/tempDir.js";

// scripts/run-tests.mjs, the suite's runner (what CI runs): a test that hangs must end the run
// as a failure that names it, within the runner's bounds, and take its processes with it.

/** A test file that starts a grandchild (`sleep`), records its pid, then never ends. */
const HANGING_TEST = (pidFile: string): string => `
import test from "node:test";
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
test("never ends", async () => {
  const child = spawn("sleep", ["300"], { stdio: "ignore" });
  writeFileSync(${JSON.stringify(pidFile)}, String(child.pid));
  await new Promise(() => setInterval(() => {}, 1000));
});
`;

async function runRunner(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  // NODE_TEST_CONTEXT, set for a file under `node --test`, would make the nested runner skip.
  const { NODE_TEST_CONTEXT: _nested, ...outer } = process.env;
  const child = spawn(process.execPath, ["scripts/run-tests.mjs"], {
    cwd: REPO_ROOT,
    env: { ...outer, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  // Its output is whole once the pipes close ('close' can come in the same tick as 'exit', so
  // both are listened for from the start); a process it left behind keeps them open, and the
  // test then fails on that process, not here.
  const closed = new Promise((resolve) => child.on("close", resolve));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2000))]);
  return { code, stderr, stdout };
}

/**
 * Runs the runner with `env` over a folder holding only the hanging test, checks the run with
 * `check`, then that the hanging test's grandchild is gone.
 */
async function runPlantedHang(
  env: Record<string, string>,
  check: (run: { code: number | null; stderr: string; stdout: string }) => void,
): Promise<void> {
  const tmp = tempDir();
  try {
    const pidFile = join(tmp.dir, "grandchild.pid");
    writeFileSync(join(tmp.dir, "hang.test.js"), HANGING_TEST(pidFile));
    writeFileSync(join(tmp.dir, "package.json"), '{"type":"module"}');
    const run = await runRunner({ ACPGATE_TEST_ROOT: tmp.dir, ...env });
    assert.equal(run.code, 1, run.stderr);
    check(run);
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    await waitGone([grandchild], 5000);
  } finally {
    tmp.cleanup();
  }
}

test("a run past its deadline fails, shows what still ran, and kills it", { timeout: 60_000 }, () =>
  runPlantedHang({ ACPGATE_TEST_DEADLINE_MIN: "0.1" }, (run) => {
    assert.match(run.stderr, /the tests did not finish in 0\.1 min \(ACPGATE_TEST_DEADLINE_MIN\)/);
    assert.match(run.stderr, /hang\.test\.js/);
    assert.match(run.stderr, /sleep 300/);
  }),
);

test(
  "a file past its timeout fails by name, and the run ends with nothing left",
  { timeout: 120_000 },
  () =>
    runPlantedHang(
      {
        ACPGATE_TEST_FILE_TIMEOUT_MIN: "0.05",
        ACPGATE_TEST_DEADLINE_MIN: "1", // without the file timeout, this ends it
      },
      (run) => {
        assert.match(run.stdout, /hang\.test\.js[^\n]*\n\s*'test timed out after 3000ms'/);
      },
    ),
);

test("a bound that is not a positive number of minutes is refused", async () => {
  const run = await runRunner({ ACPGATE_TEST_DEADLINE_MIN: "soon" });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /ACPGATE_TEST_DEADLINE_MIN must be a positive number of minutes/);
});
