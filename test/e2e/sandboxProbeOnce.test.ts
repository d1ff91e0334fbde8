import assert from "node:assert/strict";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { jsonLines } from "../support/cli.js";
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
