import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startEditor } from "../support/editorClient.js";
import { runCli } from "../support/cli.js";
import { facingAgentLines } from "../support/facingAgent.js";
import { tempDir } from "../support/tempDir.js";

const lines = (stdout: string): unknown[] =>
  stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as unknown);

test(
  "proxy: one agent process per editor connection, its sessions multiplexed: ids, updates, requests and cancels each reach their own session",
  { timeout: 30_000 },
  async () => {
    const ws = tempDir();
    const log = join(ws.dir, "agent.log");
    writeFileSync(
      join(ws.dir, "acpgate.yaml"),
      [
        ...facingAgentLines(log),
        "policies:",
        "  runs-echo:",
        "    posture: read-only",
        "    sandbox: off",
        "    allow: [{ id: echo-ok, kind: execute, command: echo }]",
        "",
      ].join("\n"),
    );
    const terminals: { method: string; params: Record<string, unknown> }[] = [];
    const editor = startEditor(["--agent", "facing", "--policy", "runs-echo"], {
      cwd: ws.dir,
      terminals,
    });
    try {
      await editor.connection.agent.request("initialize", {
        protocolVersion: 1,
        clientCapabilities: { terminal: true },
      });
      const open = () =>
        editor.connection.agent.request("session/new", { cwd: ws.dir, mcpServers: [] });
      const one = await open();
      const two = await open();
      // The same process numbered both: a process per session would answer editor-facing-1 twice.
      assert.deepEqual([one.sessionId, two.sessionId], ["editor-facing-1", "editor-facing-2"]);
      const slow = editor.connection.agent.request("session/prompt", {
        sessionId: one.sessionId,
        prompt: [{ type: "text", text: "@slow" }],
      });
      await new Promise((r) => setTimeout(r, 200));
      // A turn of the second session while the first is running; its terminal is its own.
      const quick = await editor.connection.agent.request("session/prompt", {
        sessionId: two.sessionId,
        prompt: [{ type: "text", text: "@terminal" }],
      });
      assert.equal(quick.stopReason, "end_turn");
      assert.equal(terminals[0]?.params.sessionId, two.sessionId);
      const ofOne = editor.updates.filter((u) => u.sessionId === one.sessionId);
      const ofTwo = editor.updates.filter((u) => u.sessionId === two.sessionId);
      assert.equal(ofOne.length, 0);
      assert.ok(ofTwo.some((u) => JSON.stringify(u).includes("hi from the editor")));
      // The cancel of the first session reaches the agent for that session only.
      await editor.connection.agent.notify("session/cancel", { sessionId: one.sessionId });
      assert.equal((await slow).stopReason, "cancelled");
      const received = readFileSync(log, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { method?: string; params?: { sessionId?: string } });
      assert.equal(received.filter((m) => m.method === "initialize").length, 1);
      const cancels = received.filter((m) => m.method === "session/cancel");
      assert.deepEqual(
        cancels.map((m) => m.params?.sessionId),
        [one.sessionId],
      );
      // Closing one session leaves the other working on the same process.
      await editor.connection.agent.request("session/close", { sessionId: one.sessionId });
      const after = await editor.connection.agent.request("session/prompt", {
        sessionId: two.sessionId,
        prompt: [{ type: "text", text: "again" }],
      });
      assert.equal(after.stopReason, "end_turn");
    } finally {
      assert.equal(await editor.close(), 0, editor.stderr());
    }
    // Both sessions are recorded, each as a session of its own.
    const listed = await runCli(["sessions", "list", "--json"], { cwd: ws.dir });
    assert.equal(listed.code, 0, listed.stderr);
    const rows = lines(listed.stdout) as { id: string; agentSessionId: string }[];
    assert.deepEqual(rows.map((r) => r.agentSessionId).sort(), [
      "editor-facing-1",
      "editor-facing-2",
    ]);
    // The second session's terminal is on its own record, not on the first's.
    const audit = await runCli(["audit", "list", "--kind", "terminal", "--json"], { cwd: ws.dir });
    const records = lines(audit.stdout) as { sessionId: string }[];
    const ownerOf = new Map(rows.map((r) => [r.id, r.agentSessionId]));
    assert.ok(records.length > 0);
    assert.deepEqual(
      new Set(records.map((r) => ownerOf.get(r.sessionId))),
      new Set(["editor-facing-2"]),
    );
    ws.cleanup();
  },
);
