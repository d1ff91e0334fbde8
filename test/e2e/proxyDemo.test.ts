import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import type {
  InitializeRequest,
  RequestPermissionRequest,
  RequestPermissionResponse,
} from "@agentclientprotocol/sdk";
import { agentText, startEditor, type EditorClient } from "../support/editorClient.js";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/tempDir.js";

const EDITOR_CAPS = { fs: { readTextFile: true, writeTextFile: true }, terminal: true };

test("proxy: an SDK editor initializes, opens a session and runs a turn against the demo agent", async () => {
  const ws = tempDir({ "notes.md": "# Notes\nfirst line\n" });
  const editor = startEditor(["--agent", "demo"], { cwd: ws.dir });
  try {
    const params: InitializeRequest = {
      protocolVersion: 1,
      clientCapabilities: EDITOR_CAPS,
      _meta: { traceparent: "00-abc-def-01" },
    };
    const init = await editor.connection.agent.request("initialize", params);
    assert.equal(init.protocolVersion, 1);
    assert.match(init.agentInfo?.name ?? "", / via acpgate$/);
    assert.deepEqual(init.authMethods, []);
    const opened = await editor.connection.agent.request("session/new", {
      cwd: ws.dir,
      mcpServers: [],
    });
    assert.ok(opened.sessionId);
    const turn = await editor.connection.agent.request("session/prompt", {
      sessionId: opened.sessionId,
      prompt: [{ type: "text", text: "@say hello from the editor" }],
    });
    assert.equal(turn.stopReason, "end_turn");
    assert.match(agentText(editor.updates), /hello from the editor/);
    // The agent's session id is the one on the wire.
    assert.ok(editor.updates.every((u) => u.sessionId === opened.sessionId));
    await editor.connection.agent.request("session/close", { sessionId: opened.sessionId });
  } finally {
    assert.equal(await editor.close(), 0, editor.stderr());
  }
  // stdout carried only ACP messages.
  for (const line of editor.lines) JSON.parse(line);
  // Recorded with surface proxy and the OS user as actor.
  const listed = await runCli(["sessions", "list", "--json"], { cwd: ws.dir });
  assert.equal(listed.code, 0, listed.stderr);
  assert.match(listed.stdout, /"surface":"proxy"/);
  ws.cleanup();
});

const ALLOW = (r: RequestPermissionRequest): RequestPermissionResponse => ({
  outcome: {
    outcome: "selected",
    optionId: r.options.find((o) => o.kind === "allow_once")?.optionId ?? "",
  },
});

async function openDemo(editor: EditorClient, cwd: string): Promise<string> {
  const params: InitializeRequest = { protocolVersion: 1, clientCapabilities: EDITOR_CAPS };
  await editor.connection.agent.request("initialize", params);
  const opened = await editor.connection.agent.request("session/new", { cwd, mcpServers: [] });
  return opened.sessionId;
}

function prompt(editor: EditorClient, sessionId: string, text: string) {
  return editor.connection.agent.request("session/prompt", {
    sessionId,
    prompt: [{ type: "text", text }],
  });
}

test("proxy: deny by policy is answered by acpgate, the editor told which rule; the refused write leaves the file as it was", async () => {
  const ws = tempDir({ "out.txt": "original\n" });
  const editor = startEditor(["--agent", "demo"], { cwd: ws.dir, onPermission: ALLOW });
  try {
    const sessionId = await openDemo(editor, ws.dir);
    const turn = await prompt(editor, sessionId, "@write out.txt replaced");
    assert.equal(turn.stopReason, "end_turn");
    // Nobody at the editor was asked: the rule decided.
    assert.equal(editor.permissions.length, 0);
    const note = editor.updates.find((u) => {
      const update = u.update as { _meta?: { acpgate?: { outcome?: string } } };
      return update._meta?.acpgate?.outcome === "reject";
    });
    assert.ok(note, JSON.stringify(editor.updates));
    assert.match(agentText(editor.updates), /refused; nothing written/);
    // A mode above the posture is refused with a clear error.
    await assert.rejects(
      editor.connection.agent.request("session/set_mode", { sessionId, modeId: "code" }),
      (error: Error) => /mode/i.test(error.message) && /read-only/.test(error.message),
    );
  } finally {
    assert.equal(await editor.close(), 0, editor.stderr());
  }
  assert.equal(readFileSync(join(ws.dir, "out.txt"), "utf8"), "original\n");
  ws.cleanup();
});

test("proxy: allow by policy writes; ask goes to the editor with the agent's options and is recorded as the person's approval", async () => {
  const ws = tempDir();
  const buffers = new Map<string, string>();
  const editor = startEditor(["--agent", "demo", "--policy", "workspace-write"], {
    cwd: ws.dir,
    onPermission: ALLOW,
    buffers,
  });
  try {
    const sessionId = await openDemo(editor, ws.dir);
    const wrote = await prompt(editor, sessionId, "@write new.txt made in the editor");
    assert.equal(wrote.stopReason, "end_turn");
    assert.equal(editor.permissions.length, 0, "allow is answered by acpgate");
    // Written by the editor, which advertised fs (its buffers).
    assert.equal(buffers.get(join(realpathSync(ws.dir), "new.txt")), "made in the editor");
    const ran = await prompt(editor, sessionId, "@run echo asked-and-allowed");
    assert.equal(ran.stopReason, "end_turn");
    assert.equal(editor.permissions.length, 1);
    const asked = editor.permissions[0];
    // The agent's own request: its session id, its options.
    assert.equal(asked?.sessionId, sessionId);
    assert.deepEqual(
      asked?.options.map((o) => o.kind),
      ["allow_once", "allow_always", "reject_once"],
    );
    assert.match(agentText(editor.updates), /asked-and-allowed/);
  } finally {
    assert.equal(await editor.close(), 0, editor.stderr());
  }
  const audit = await runCli(["audit", "list", "--json"], { cwd: ws.dir });
  assert.equal(audit.code, 0, audit.stderr);
  const decided = audit.stdout
    .trim()
    .split("\n")
    .map(
      (l) =>
        JSON.parse(l) as { kind?: string; surface?: string; decision?: Record<string, unknown> },
    )
    .filter((r) => r.decision?.approver !== undefined);
  assert.equal(decided.length, 1, audit.stdout);
  assert.match(String(decided[0]?.decision?.approver), /^user:/);
  assert.equal(decided[0]?.surface, "proxy");
  ws.cleanup();
});

test("proxy: fs calls policy allows are served by the editor (its unsaved buffers), never the disk", async () => {
  const ws = tempDir({ "draft.md": "on disk\n" });
  const real = realpathSync(ws.dir);
  const buffers = new Map([[join(real, "draft.md"), "unsaved in the editor\n"]]);
  const editor = startEditor(["--agent", "demo", "--policy", "workspace-write"], {
    cwd: ws.dir,
    buffers,
  });
  try {
    const sessionId = await openDemo(editor, ws.dir);
    await prompt(editor, sessionId, "@read draft.md");
    assert.match(agentText(editor.updates), /unsaved in the editor/);
    await prompt(editor, sessionId, "@write draft.md written through the editor");
    assert.equal(buffers.get(join(real, "draft.md")), "written through the editor");
  } finally {
    assert.equal(await editor.close(), 0, editor.stderr());
  }
  assert.equal(readFileSync(join(ws.dir, "draft.md"), "utf8"), "on disk\n");
  ws.cleanup();
});

test("proxy: session/load through the proxy replays the agent's history to the editor, same session id", async () => {
  const ws = tempDir();
  const env = { ...process.env, ACPGATE_DEMO_STATE_DIR: join(ws.dir, ".demo-state") };
  const first = startEditor(["--agent", "demo"], { cwd: ws.dir, env });
  let sessionId: string;
  try {
    sessionId = await openDemo(first, ws.dir);
    await prompt(first, sessionId, "@say remembered line");
  } finally {
    assert.equal(await first.close(), 0, first.stderr());
  }
  const second = startEditor(["--agent", "demo"], { cwd: ws.dir, env });
  try {
    const params: InitializeRequest = { protocolVersion: 1, clientCapabilities: EDITOR_CAPS };
    const init = await second.connection.agent.request("initialize", params);
    assert.equal(init.agentCapabilities?.loadSession, true);
    await second.connection.agent.request("session/load", {
      sessionId,
      cwd: ws.dir,
      mcpServers: [],
    });
    assert.match(agentText(second.updates), /remembered line/);
    assert.ok(second.updates.every((u) => u.sessionId === sessionId));
    const turn = await prompt(second, sessionId, "@say after the load");
    assert.equal(turn.stopReason, "end_turn");
  } finally {
    assert.equal(await second.close(), 0, second.stderr());
  }
  ws.cleanup();
});
