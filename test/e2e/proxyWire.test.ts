import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RequestError, type InitializeRequest } from "@agentclientprotocol/sdk";
import { startEditor, type EditorClient } from "../support/editorClient.js";
import { FIXTURES } from "../support/cli.js";
import { tempDir } from "../support/tempDir.js";

const AGENT = join(FIXTURES, "editorFacingAgent.js");

function workspace(env: Record<string, string> = {}) {
  const ws = tempDir();
  writeFileSync(
    join(ws.dir, "acpgate.yaml"),
    `agents:\n  facing:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(AGENT)}]\n    env: ${JSON.stringify(env)}\n`,
  );
  return ws;
}

async function initialized(
  editor: EditorClient,
  clientCapabilities: InitializeRequest["clientCapabilities"],
) {
  const params: InitializeRequest = { protocolVersion: 1, clientCapabilities };
  return editor.connection.agent.request("initialize", params);
}

async function rejection(promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RequestError) return error;
    throw error;
  }
  assert.fail("expected a wire error");
}

test("proxy: auth methods are the agent's, terminal ones only with auth.terminal, ids unique and non-blank", async () => {
  const ws = workspace();
  for (const terminal of [false, true]) {
    const editor = startEditor(["--agent", "facing"], { cwd: ws.dir });
    try {
      const init = await initialized(editor, { auth: { terminal } });
      const ids = (init.authMethods ?? []).map((m) => m.id);
      assert.deepEqual(ids, terminal ? ["agent-login", "tui-login"] : ["agent-login"]);
      assert.match(init.agentInfo?.name ?? "", /^editor-facing via acpgate$/);
      // An id not advertised to this connection is refused before anything reaches the agent.
      const refused = await rejection(
        editor.connection.agent.request("authenticate", { methodId: terminal ? " " : "tui-login" }),
      );
      assert.equal(refused.code, -32602);
      assert.match(refused.message, /not advertised/);
      assert.deepEqual(
        await editor.connection.agent.request("authenticate", { methodId: "agent-login" }),
        {},
      );
    } finally {
      assert.equal(await editor.close(), 0, editor.stderr());
    }
  }
  ws.cleanup();
});

test("proxy: an unknown session/update variant, extra fields and _meta reach the editor intact; notices only when advertised", async () => {
  const ws = workspace();
  for (const advertised of [false, true]) {
    const editor = startEditor(["--agent", "facing"], { cwd: ws.dir });
    try {
      await initialized(editor, advertised ? { session: { notices: {}, compaction: {} } } : {});
      const opened = await editor.connection.agent.request("session/new", {
        cwd: ws.dir,
        mcpServers: [],
      });
      assert.equal(opened.sessionId, "editor-facing-1");
      assert.deepEqual(opened._meta, { "vendor.example/hint": 7 });
      const turn = await editor.connection.agent.request("session/prompt", {
        sessionId: opened.sessionId,
        prompt: [{ type: "text", text: "go" }],
      });
      assert.equal(turn.stopReason, "end_turn");
      // The agent's answer passes whole: its _meta (traceparent) untouched.
      assert.deepEqual(turn._meta, {
        traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
      });
      const kinds = editor.updates.map(
        (u) => (u.update as { sessionUpdate: string }).sessionUpdate,
      );
      const future = editor.updates.find(
        (u) => (u.update as { sessionUpdate: string }).sessionUpdate === "future_variant_xyz",
      );
      assert.deepEqual(future, {
        sessionId: "editor-facing-1",
        update: {
          sessionUpdate: "future_variant_xyz",
          payload: { nested: [1, 2, 3] },
          _meta: {
            traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
            "jetbrains.air.hint": true,
          },
        },
      });
      const chunk = editor.updates.find(
        (u) => (u.update as { sessionUpdate: string }).sessionUpdate === "agent_message_chunk",
      );
      assert.equal((chunk?.update as { extraField?: string }).extraField, "kept");
      assert.equal(kinds.includes("notice"), advertised);
      assert.equal(kinds.includes("compaction_update"), advertised);
    } finally {
      assert.equal(await editor.close(), 0, editor.stderr());
    }
  }
  ws.cleanup();
});

test(
  "proxy: draft methods are refused with -32601; a cancel ends a running turn cancelled",
  { timeout: 20_000 },
  async () => {
    const ws = workspace();
    const editor = startEditor(["--agent", "facing"], { cwd: ws.dir });
    try {
      await initialized(editor, {});
      for (const method of ["proxy/initialize", "proxy/successor", "mcp/message"]) {
        const refused = await rejection(editor.connection.agent.request(method, { serverId: "x" }));
        assert.equal(refused.code, -32601, method);
        assert.match(refused.message, /draft ACP feature/);
      }
      const opened = await editor.connection.agent.request("session/new", {
        cwd: ws.dir,
        mcpServers: [],
      });
      const turn = editor.connection.agent.request("session/prompt", {
        sessionId: opened.sessionId,
        prompt: [{ type: "text", text: "@slow" }],
      });
      await new Promise((r) => setTimeout(r, 300));
      await editor.connection.agent.notify("session/cancel", { sessionId: opened.sessionId });
      assert.equal((await turn).stopReason, "cancelled");
    } finally {
      assert.equal(await editor.close(), 0, editor.stderr());
    }
    ws.cleanup();
  },
);

test("proxy: elicitation/create reaches an editor that advertised elicitation, its answer back to the agent; refused otherwise", async () => {
  const ws = workspace();
  for (const advertised of [true, false]) {
    const asked: unknown[] = [];
    const editor = startEditor(["--agent", "facing"], {
      cwd: ws.dir,
      onElicitation: (params) => {
        asked.push(params);
        return { action: "accept", content: { branch: "main" } };
      },
    });
    try {
      await initialized(editor, advertised ? { elicitation: { form: {} } } : {});
      const opened = await editor.connection.agent.request("session/new", {
        cwd: ws.dir,
        mcpServers: [],
      });
      await editor.connection.agent.request("session/prompt", {
        sessionId: opened.sessionId,
        prompt: [{ type: "text", text: "@elicit" }],
      });
      const said = editor.updates
        .map((u) => (u.update as { content?: { text?: string } }).content?.text ?? "")
        .find((t) => t.startsWith("elicitation answer:"));
      if (advertised) {
        assert.equal(asked.length, 1);
        assert.match(said ?? "", /"action":"accept","content":\{"branch":"main"\}/);
      } else {
        assert.equal(asked.length, 0);
        assert.match(said ?? "", /-32601/);
      }
    } finally {
      assert.equal(await editor.close(), 0, editor.stderr());
    }
  }
  ws.cleanup();
});

test(
  "proxy: $/cancel_request of a prompt follows through to the agent, which still answers the turn",
  { timeout: 20_000 },
  async () => {
    const log = join(tmpdir(), `acpgate-editor-agent-${process.pid}.log`);
    const ws = workspace({ EDITOR_AGENT_LOG: log });
    const editor = startEditor(["--agent", "facing"], { cwd: ws.dir });
    try {
      await initialized(editor, {});
      const opened = await editor.connection.agent.request("session/new", {
        cwd: ws.dir,
        mcpServers: [],
      });
      const controller = new AbortController();
      const turn = editor.connection.agent
        .request(
          "session/prompt",
          { sessionId: opened.sessionId, prompt: [{ type: "text", text: "@slow" }] },
          { cancellationSignal: controller.signal },
        )
        .then(
          (r) => r.stopReason,
          (e: unknown) => (e instanceof RequestError ? e.code : String(e)),
        );
      await new Promise((r) => setTimeout(r, 300));
      controller.abort();
      // Bounded: a cancel that never reaches the agent leaves the turn running forever.
      const outcome = await Promise.race([
        turn,
        new Promise((r) => setTimeout(() => r("no answer in 5 s"), 5000).unref()),
      ]);
      assert.ok(outcome === "cancelled" || outcome === -32800, String(outcome));
      // The agent heard the cancel of its own turn.
      await new Promise((r) => setTimeout(r, 200));
      assert.match(readFileSync(log, "utf8"), /"session\/cancel"/);
    } finally {
      assert.equal(await editor.close(), 0, editor.stderr());
      rmSync(log, { force: true });
    }
    ws.cleanup();
  },
);

test("proxy: a prompt's fields reach the agent as the editor sent them; a malformed prompt is -32602 and never reaches it", async () => {
  const log = join(tmpdir(), `acpgate-proxy-prompt-${process.pid}.log`);
  rmSync(log, { force: true });
  const ws = workspace({ EDITOR_AGENT_LOG: log });
  const editor = startEditor(["--agent", "facing"], { cwd: ws.dir });
  try {
    await initialized(editor, {});
    const { sessionId } = await editor.connection.agent.request("session/new", {
      cwd: ws.dir,
      mcpServers: [],
    });
    for (const prompt of ["not a list", [{ type: "text" }], [42]]) {
      const refused = await rejection(
        editor.connection.agent.request("session/prompt", { sessionId, prompt } as never),
      );
      assert.equal(refused.code, -32602, JSON.stringify(prompt));
    }
    const sent = {
      sessionId,
      prompt: [{ type: "text", text: "hi", annotations: { priority: 1 } }],
      messageId: "m-1",
      futureField: { nested: [1, 2] },
      _meta: { traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01" },
    };
    const turn = await editor.connection.agent.request("session/prompt", sent as never);
    assert.equal(turn.stopReason, "end_turn");
    const prompts = readFileSync(log, "utf8")
      .split("\n")
      .filter((line) => line.includes('"session/prompt"'))
      .map((line) => (JSON.parse(line) as { params: unknown }).params);
    assert.deepEqual(prompts, [sent], "only the well-formed prompt, every field as sent");
  } finally {
    assert.equal(await editor.close(), 0, editor.stderr());
    rmSync(log, { force: true });
  }
  ws.cleanup();
});
