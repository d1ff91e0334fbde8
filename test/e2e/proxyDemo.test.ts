import { test } from "node:test";
import type { InitializeRequest } from "@agentclientprotocol/sdk";
import assert from "node:assert/strict";
import { agentText, startEditor } from "../support/editorClient.js";
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
