import assert from "node:assert/strict";
import { test } from "node:test";
import { ofType, resumeWorkspace } from "../support/resumeWorkspace.js";

// `acpgate run --resume` through the real CLI on the demo agent: a CI job of several steps
// continues one agent session, with the policy and mode it was left in.

test("--resume NAME continues the agent session with its policy, and keeps the mode it was left in", async () => {
  const ws = resumeWorkspace();
  try {
    // Under workspace-write the start aligns the demo to `code`; the turn switches it to `ask`.
    const first = await ws.run([
      "run",
      "--name",
      "job",
      "--policy",
      "workspace-write",
      "--format",
      "json",
      "@mode ask\n@say one",
    ]);
    assert.equal(first.code, 0, first.stderr);
    const [started] = ofType(first.events, "session_started");
    assert.equal(started?.how, "new");

    const second = await ws.run(["run", "--resume", "job", "--format", "json", "@say two"]);
    assert.equal(second.code, 0, second.stderr);
    const [resumed] = ofType(second.events, "session_started");
    assert.deepEqual([resumed?.how, resumed?.agentSessionId], ["resume", started?.agentSessionId]);
    // The demo comes back in its default mode (`ask`), which is the recorded one: no switch
    // to the mode the policy would align to.
    assert.deepEqual(ofType(second.events, "mode_changed"), []);
    assert.equal(second.finished?.resumedFrom, first.finished?.sessionId);
    assert.equal(ofType(second.events, "agent_message")[0]?.text, "two\n");

    const shown = await ws.run(["sessions", "show", String(second.finished?.sessionId), "--json"]);
    assert.equal(shown.code, 0, shown.stderr);
    const row = JSON.parse(shown.stdout) as Record<string, unknown>;
    assert.deepEqual(
      [row.schema, row.policy, row.mode, row.turns, row.resumedFrom, row.continues],
      ["acpgate.session.v1", "workspace-write", "ask", 1, first.finished?.sessionId, row.id],
    );

    // The first run's id continues from the newest run of its agent session, and says so.
    const third = await ws.run([
      "run",
      "--resume",
      String(first.finished?.sessionId),
      "@say three",
    ]);
    assert.equal(third.code, 0, third.stderr);
    assert.equal(third.stdout, "three\n");
    assert.match(
      third.stderr,
      new RegExp(
        `continuing session ${String(second.finished?.sessionId)} — the newest run of ${String(first.finished?.sessionId)} \\(job\\)`,
      ),
    );
    assert.match(third.stderr, /policy workspace-write, mode ask/);

    const listed = await ws.run(["sessions", "list", "--json", "--limit", "2"]);
    const rows = listed.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.deepEqual(
      rows.map((r) => r.resumedFrom),
      [second.finished?.sessionId, first.finished?.sessionId],
    );
    const table = await ws.run(["sessions", "list"]);
    assert.match(
      table.stdout,
      /^id\s+name\s+agent\s+state\s+turns\s+stop\s+policy\s+mode\s+created$/m,
    );
    assert.match(table.stdout, /\sjob\s+demo\s+closed\s+1\s+end_turn\s+workspace-write\s+ask\s/);
  } finally {
    ws.cleanup();
  }
});

test("a resumed agent that comes back in another mode is put back in the recorded one", async () => {
  const ws = resumeWorkspace();
  try {
    const first = await ws.run([
      "run",
      "--policy",
      "workspace-write",
      "--format",
      "json",
      "@say one",
    ]);
    assert.equal(first.code, 0, first.stderr);
    assert.deepEqual(
      ofType(first.events, "mode_changed").map((e) => e.modeId),
      ["code"],
    );
    const id = String(first.finished?.sessionId);
    const second = await ws.run(["run", "--resume", id, "--format", "json", "@say two"]);
    assert.equal(second.code, 0, second.stderr);
    assert.deepEqual(
      second.events
        .filter((e) => e.type === "session_started" || e.type === "mode_changed")
        .map((e) => [e.type, e.how ?? e.modeId]),
      [
        ["session_started", "resume"],
        ["mode_changed", "code"],
      ],
    );
  } finally {
    ws.cleanup();
  }
});

test("an agent without session/resume is loaded: history replays marked replay, never printed as the answer", async () => {
  const ws = resumeWorkspace();
  try {
    const first = await ws.run(["run", "--agent", "loadonly", "--name", "l1", "@say banana"]);
    assert.equal(first.code, 0, first.stderr);
    const second = await ws.run(["run", "--resume", "l1", "--format", "json", "@say again"]);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(ofType(second.events, "session_started")[0]?.how, "load");
    const messages = second.events
      .filter((e) => e.type === "user_message" || e.type === "agent_message")
      .map((e) => [e.type, e.text, e.replay === true]);
    assert.deepEqual(messages, [
      ["user_message", "@say banana", true],
      ["agent_message", "banana\n", true],
      ["agent_message", "again\n", false],
    ]);
    const third = await ws.run(["run", "--resume", "l1", "@say third"]);
    assert.equal(third.code, 0, third.stderr);
    assert.equal(third.stdout, "third\n");
  } finally {
    ws.cleanup();
  }
});
