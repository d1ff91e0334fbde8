import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { InitializeRequest } from "@agentclientprotocol/sdk";
import { agentText, startEditor } from "../support/editorClient.js";
import { tempDir } from "../support/tempDir.js";

const require = createRequire(import.meta.url);
/** The ACP SDK 1.9.0 example agent, installed as the devDependency alias `acp-sdk-v1`. */
const EXAMPLE_AGENT = join(
  require.resolve("acp-sdk-v1").replace(/(node_modules\/acp-sdk-v1)\/.*$/, "$1"),
  "dist/examples/agent.js",
);

test("proxy: an SDK editor drives the SDK example agent through a turn, its permission refused by policy", async () => {
  const ws = tempDir();
  writeFileSync(
    join(ws.dir, "acpgate.yaml"),
    `agents:\n  sdk-example:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(EXAMPLE_AGENT)}]\n    fileAccess: client\n`,
  );
  const editor = startEditor(["--agent", "sdk-example"], { cwd: ws.dir });
  try {
    const params: InitializeRequest = {
      protocolVersion: 1,
      clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: true },
    };
    const init = await editor.connection.agent.request("initialize", params);
    assert.match(init.agentInfo?.name ?? "", / via acpgate$/);
    const opened = await editor.connection.agent.request("session/new", {
      cwd: ws.dir,
      mcpServers: [],
    });
    const turn = await editor.connection.agent.request("session/prompt", {
      sessionId: opened.sessionId,
      prompt: [{ type: "text", text: "hello" }],
    });
    assert.equal(turn.stopReason, "end_turn");
    assert.match(agentText(editor.updates), /skip the configuration update/);
    // Refused by the read-only policy: nobody at the editor was asked.
    assert.equal(editor.permissions.length, 0);
  } finally {
    assert.equal(await editor.close(), 0, editor.stderr());
  }
  ws.cleanup();
});
