import assert from "node:assert/strict";
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { CLI, jsonLines } from "../support/cli.js";
import { sandboxWorkspace } from "../support/sandboxWorkspace.js";

// `run` probes bubblewrap early, in a child it does not block on (started once its arguments
// parse, before its modules load: earlySandboxProbe.ts), and the session's confinement uses that answer: the probe runs once per
// run, not again when the agent is confined. The "bwrap" here notes each call and fails, so
// the run falls back (auto).
void test("a run asks bwrap once and confines by that answer", async () => {
  const ws = sandboxWorkspace("auto");
  try {
    const calls = join(ws.root, "bwrap.calls");
    const fakeBwrap = join(ws.root, "fake-bwrap");
    writeFileSync(
      fakeBwrap,
      ["#!/bin/sh", `echo "$*" >> '${calls}'`, "echo 'no namespaces' >&2", "exit 1"].join("\n"),
    );
    chmodSync(fakeBwrap, 0o755);
    const result = await ws.run(JSON.stringify({ write: ["src/a.ts"] }), {
      env: ws.env({ ACPGATE_BWRAP: fakeBwrap }),
    });
    assert.equal(result.code, 0, result.stderr);
    const notice = jsonLines(result.stdout).find((e) => e.type === "notice");
    assert.equal(notice?.code, "sandbox_unavailable", result.stdout);
    assert.match(String(notice?.message), /exited with 1: no namespaces/);
    const lines = readFileSync(calls, "utf8").trim().split("\n");
    assert.equal(lines.length, 1, lines.join("\n"));
    assert.match(lines[0]!, /^--unshare-pid/);
  } finally {
    ws.cleanup();
  }
});

// The probe starts when run's arguments parse, before the configuration is even read: a run
// whose acpgate.yaml is broken, waiting for its prompt on stdin, has already started it.
void test("run starts its bwrap probe before it reads the configuration; not with ACPGATE_SANDBOX=off", async () => {
  const ws = sandboxWorkspace("auto");
  try {
    const calls = join(ws.root, "bwrap.calls");
    const fakeBwrap = join(ws.root, "fake-bwrap");
    writeFileSync(fakeBwrap, ["#!/bin/sh", `echo "$*" >> '${calls}'`, "exit 1"].join("\n"));
    chmodSync(fakeBwrap, 0o755);
    writeFileSync(join(ws.dir, "acpgate.yaml"), "agents: [this is: not valid\n");
    const waiting = (extra: NodeJS.ProcessEnv) =>
      spawn(process.execPath, [CLI, "run", "--format", "json", "-"], {
        cwd: ws.dir,
        env: ws.env({ ACPGATE_BWRAP: fakeBwrap, ...extra }),
        stdio: ["pipe", "ignore", "ignore"],
      });
    const exitOf = (child: ReturnType<typeof spawn>) =>
      new Promise<number | null>((resolve) => child.once("exit", resolve));

    const broken = waiting({});
    const brokenExit = exitOf(broken);
    await until(() => existsSync(calls));
    assert.match(readFileSync(calls, "utf8"), /^--unshare-pid/);
    broken.stdin?.end("hello");
    assert.equal(await brokenExit, 2);
    rmSync(calls);

    const off = waiting({ ACPGATE_SANDBOX: "off" });
    const offExit = exitOf(off);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    off.stdin?.end("hello");
    assert.equal(await offExit, 2);
    assert.equal(existsSync(calls), false, "no probe when the sandbox is off");
  } finally {
    ws.cleanup();
  }
});

async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("the probe never ran");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
