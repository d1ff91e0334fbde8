import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { FIXTURES, jsonLines, runCli } from "../support/cli.js";
import { tempDir } from "../support/tempDir.js";

// A policy that changes the agent's mode at session start says so in a notice — on stderr in
// text, as a `notice` event in --json — naming both modes and the posture that chose, not
// only in a bare `mode_changed`.

void test("workspace-write puts the demo from `ask` into `code`: a notice in text and json", async () => {
  const ws = tempDir();
  try {
    const args = ["run", "--agent", "demo", "--policy", "workspace-write", "hello"];
    const text = await runCli(args, { cwd: ws.dir });
    assert.equal(text.code, 0, text.stderr);
    assert.match(
      text.stderr,
      /^acpgate: agent 'demo' started in mode 'ask' \(read-only\); policy 'workspace-write' \(posture workspace-write\) put it in mode 'code' \(workspace-write\)/m,
    );
    const json = await runCli([...args, "--json"], { cwd: ws.dir });
    assert.equal(json.code, 0, json.stderr);
    const events = jsonLines(json.stdout);
    const notices = events.filter((e) => e.type === "notice");
    assert.equal(notices.length, 1, json.stdout);
    const [notice] = notices as [Record<string, unknown>];
    assert.equal(notice.schema, "acpgate.event.v1");
    assert.equal(notice.code, "mode_set_by_policy");
    assert.deepEqual(notice.data, {
      from: "ask",
      to: "code",
      policy: "workspace-write",
      posture: "workspace-write",
    });
    assert.match(String(notice.message), /started in mode 'ask'.*put it in mode 'code'/);
    // After the mode_changed it explains, before the turn.
    const at = (type: string): number => events.findIndex((e) => e.type === type);
    assert.ok(at("mode_changed") < at("notice") && at("notice") < at("turn_started"));
  } finally {
    ws.cleanup();
  }
});

void test("no notice when the agent's own mode is the policy's; one for an unmapped start", async () => {
  const ws = tempDir();
  try {
    const kept = await runCli(["run", "--agent", "demo", "--json", "hello"], { cwd: ws.dir });
    assert.equal(kept.code, 0, kept.stderr);
    assert.deepEqual(
      jsonLines(kept.stdout).filter((e) => e.type === "notice" || e.type === "mode_changed"),
      [],
    );
    const config = join(ws.dir, "acpgate.yaml");
    writeFileSync(
      config,
      [
        "agents:",
        "  probe:",
        `    command: ${JSON.stringify(process.execPath)}`,
        `    args: [${JSON.stringify(join(FIXTURES, "probeAgent.js"))}, writes-anyway]`,
        "    modes: { readonly: read-only }",
        "",
      ].join("\n"),
    );
    const changed = await runCli(["run", "--agent", "probe", "--config", config, "hi"], {
      cwd: ws.dir,
    });
    assert.equal(changed.code, 0, changed.stderr);
    assert.match(
      changed.stderr,
      /^acpgate: agent 'probe' started in mode 'auto' \(not mapped: unknown risk\); policy 'read-only' \(posture read-only\) put it in mode 'readonly' \(read-only\)/m,
    );
    // workspace-write with only a read-only mode mapped: the notice says why it runs read-only.
    const lower = await runCli(
      ["run", "--agent", "probe", "--config", config, "--policy", "workspace-write", "hi"],
      { cwd: ws.dir },
    );
    assert.equal(lower.code, 0, lower.stderr);
    assert.match(
      lower.stderr,
      /policy 'workspace-write' \(posture workspace-write\) put it in mode 'readonly' \(read-only\), the riskiest offered mode allowed under it \(none offered is mapped to workspace-write\)/,
    );
  } finally {
    ws.cleanup();
  }
});
