import { test } from "node:test";
import assert from "node:assert/strict";
import { realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { agentText, startEditor } from "../support/editorClient.js";
import { runCli } from "../support/cli.js";
import { facingAgentLines } from "../support/facingAgent.js";
import { tempDir } from "../support/tempDir.js";

function workspace() {
  const ws = tempDir();
  writeFileSync(
    join(ws.dir, "acpgate.yaml"),
    [
      ...facingAgentLines(),
      "policies:",
      "  runs-echo:",
      "    posture: read-only",
      "    sandbox: off",
      "    allow: [{ id: echo-ok, kind: execute, command: echo }]",
      "  boxed-echo:",
      "    posture: read-only",
      "    sandbox: required",
      "    allow: [{ id: echo-ok, kind: execute, command: echo }]",
      "  no-echo:",
      "    posture: read-only",
      "    sandbox: off",
      "    deny: [{ id: no-echo, kind: execute, command: echo }]",
      "",
    ].join("\n"),
  );
  return ws;
}

/** One `@terminal` turn of the scripted agent through the proxy; what the editor ran. */
async function terminalTurn(policy: string, editorTerminal: boolean) {
  const ws = workspace();
  const terminals: { method: string; params: Record<string, unknown> }[] = [];
  const editor = startEditor(["--agent", "facing", "--policy", policy], {
    cwd: ws.dir,
    terminals,
  });
  try {
    await editor.connection.agent.request("initialize", {
      protocolVersion: 1,
      clientCapabilities: { terminal: editorTerminal },
    });
    const { sessionId } = await editor.connection.agent.request("session/new", {
      cwd: ws.dir,
      mcpServers: [],
    });
    await editor.connection.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "@terminal" }],
    });
    const said = agentText(editor.updates);
    return { ws, terminals, said, sessionId };
  } finally {
    assert.equal(await editor.close(), 0, editor.stderr());
  }
}

test("proxy: a terminal policy allows runs in the editor that advertised terminal, at the judged cwd, and is audited", async () => {
  const run = await terminalTurn("runs-echo", true);
  assert.deepEqual(
    run.terminals.map((t) => t.method),
    ["terminal/create", "terminal/wait_for_exit", "terminal/output", "terminal/release"],
  );
  const created = run.terminals[0]!.params;
  assert.equal(created.command, "echo");
  assert.equal(created.sessionId, run.sessionId);
  assert.equal(created.cwd, realpathSync(run.ws.dir));
  assert.match(run.said, /hi from the editor/);
  const audit = await runCli(["audit", "list", "--kind", "terminal", "--json"], {
    cwd: run.ws.dir,
  });
  assert.match(audit.stdout, /"status":"completed"/);
  run.ws.cleanup();
});

test("proxy: a terminal policy refuses never reaches the editor", async () => {
  const run = await terminalTurn("no-echo", true);
  assert.deepEqual(run.terminals, []);
  assert.match(run.said, /-32000/);
  assert.match(run.said, /no-echo/);
  run.ws.cleanup();
});

test("proxy: an editor without terminal leaves the allowed terminal to acpgate", async () => {
  const run = await terminalTurn("runs-echo", false);
  assert.deepEqual(run.terminals, []);
  // acpgate ran `echo hi` itself: the agent read its real output.
  assert.ok(run.said.includes('"output":"hi\\n"'), run.said);
  run.ws.cleanup();
});

test("proxy: a sandboxed agent's allowed terminal stays in its sandbox, never handed to the editor", async () => {
  const run = await terminalTurn("boxed-echo", true);
  assert.deepEqual(run.terminals, []);
  assert.ok(run.said.includes('"output":"hi\\n"'), run.said);
  run.ws.cleanup();
});
