import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLI } from "../support/cli.js";
import { waitGone } from "../support/processes.js";
import { scriptedConfig } from "../support/scriptedConfig.js";
import { recordedPids } from "../support/scriptedPids.js";
import { tempDir } from "../support/tempDir.js";

const SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;

/** `acpgate run ARGS` as a child, with its output so far and a way to wait for some of it. */
function start(args: string[], cwd: string) {
  const child = spawn(process.execPath, [CLI, "run", ...args], {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = { stdout: "", stderr: "" };
  child.stdout.setEncoding("utf8").on("data", (d: string) => (output.stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (output.stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal })),
  );
  const until = async (ready: () => boolean, what: string): Promise<void> => {
    const deadline = Date.now() + 20_000;
    while (!ready()) {
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`never saw ${what}\nstdout: ${output.stdout}\nstderr: ${output.stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  return { child, output, exited, until };
}

function workspace() {
  const ws = tempDir();
  const pidsFile = join(ws.dir, "pids.json");
  writeFileSync(
    join(ws.dir, "acpgate.yaml"),
    scriptedConfig(["never-init", "hang"], { SCRIPTED_PIDS_FILE: pidsFile }),
  );
  return { ...ws, pidsFile, pids: () => recordedPids(pidsFile) };
}

for (const signal of SIGNALS) {
  test(`${signal} during initialize: exit 130, the agent and its child are gone`, async () => {
    const ws = workspace();
    try {
      const run = start(["--agent", "scripted-never-init", "go"], ws.dir);
      await run.until(() => existsSync(ws.pidsFile), "the agent start");
      const pids = ws.pids();
      const signalled = Date.now();
      run.child.kill(signal);
      const exit = await run.exited;
      assert.deepEqual(exit, { code: 130, signal: null }, run.output.stderr);
      assert.match(run.output.stderr, new RegExp(`^acpgate: interrupted by ${signal}$`, "m"));
      // At once, not when the 30 s start-up timeout would have ended it.
      assert.ok(Date.now() - signalled < 10_000, `took ${Date.now() - signalled} ms`);
      await waitGone(pids);
    } finally {
      ws.cleanup();
    }
  });

  test(`${signal} during a turn: the turn is cancelled, then the group killed; exit 130`, async () => {
    const ws = workspace();
    try {
      const run = start(["--agent", "scripted-hang", "go"], ws.dir);
      await run.until(() => run.output.stdout.includes("thinking forever"), "the turn");
      const pids = ws.pids();
      run.child.kill(signal);
      const exit = await run.exited;
      assert.deepEqual(exit, { code: 130, signal: null }, run.output.stderr);
      assert.match(run.output.stderr, new RegExp(`^acpgate: interrupted by ${signal}$`, "m"));
      await waitGone(pids);
    } finally {
      ws.cleanup();
    }
  });
}

test("a second signal does not wait for the cancel's grace: the group is killed at once", async () => {
  const ws = workspace();
  try {
    const run = start(["--agent", "scripted-hang", "go"], ws.dir);
    await run.until(() => run.output.stdout.includes("thinking forever"), "the turn");
    const pids = ws.pids();
    const signalled = Date.now();
    run.child.kill("SIGINT");
    await new Promise((resolve) => setTimeout(resolve, 200));
    run.child.kill("SIGINT");
    const exit = await run.exited;
    const elapsed = Date.now() - signalled;
    assert.equal(exit.code, 130, run.output.stderr);
    // The agent ignores session/cancel: only the forced kill ends it before the 3 s grace.
    assert.ok(elapsed < 2900, `took ${elapsed} ms`);
    await waitGone(pids);
  } finally {
    ws.cleanup();
  }
});

test("Ctrl-C while the demo agent works: it ends its turn cancelled and the run says why", async () => {
  const ws = tempDir();
  try {
    const run = start(["@sleep 20000"], ws.dir);
    await run.until(() => /acpgate: policy/.test(run.output.stderr), "the session start");
    await new Promise((resolve) => setTimeout(resolve, 300));
    run.child.kill("SIGINT");
    const exit = await run.exited;
    assert.equal(exit.code, 130, run.output.stderr);
    assert.match(run.output.stderr, /^acpgate: interrupted by SIGINT$/m);
  } finally {
    ws.cleanup();
  }
});
