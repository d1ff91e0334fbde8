import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
// whose acpgate.yaml is broken, waiting for its prompt on stdin, has already started it. The
// environment names the setting (the test runner's default is ACPGATE_SANDBOX=off).
void test("run starts its bwrap probe before it reads the configuration; not with ACPGATE_SANDBOX=off", async () => {
  const ws = sandboxWorkspace("auto");
  const children: ChildProcess[] = [];
  try {
    const calls = join(ws.root, "bwrap.calls");
    const fakeBwrap = join(ws.root, "fake-bwrap");
    writeFileSync(fakeBwrap, ["#!/bin/sh", `echo "$*" >> '${calls}'`, "exit 1"].join("\n"));
    chmodSync(fakeBwrap, 0o755);
    writeFileSync(join(ws.dir, "acpgate.yaml"), "agents: [this is: not valid\n");
    const waiting = (sandbox: string) => {
      const child = spawn(process.execPath, [CLI, "run", "--format", "json", "-"], {
        cwd: ws.dir,
        env: ws.env({ ACPGATE_BWRAP: fakeBwrap, ACPGATE_SANDBOX: sandbox }),
        stdio: ["pipe", "ignore", "ignore"],
      });
      children.push(child);
      const exit = new Promise<number | null>((resolve) => child.once("exit", resolve));
      return { child, exit };
    };

    const broken = waiting("auto");
    await until(() => existsSync(calls));
    assert.match(readFileSync(calls, "utf8"), /^--unshare-pid/);
    broken.child.stdin?.end("hello");
    assert.equal(await broken.exit, 2);
    rmSync(calls);

    const off = waiting("off");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    off.child.stdin?.end("hello");
    assert.equal(await off.exit, 2);
    assert.equal(existsSync(calls), false, "no probe when the sandbox is off");
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
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
