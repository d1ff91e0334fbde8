import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { nodeNdJsonStream } from "../../src/protocol/nodeNdJsonStream.js";
import { AgentProcess } from "../../src/agents/agentProcess.js";
import { AgentConnection } from "../../src/protocol/agentConnection.js";
import type { ClientHandlers } from "../../src/protocol/clientHandlers.js";
import type { TappedMessage } from "../../src/protocol/tap.js";
import { isAcpgateError } from "../../src/util/errors.js";
import { FIXTURES } from "../support/cli.js";

const refuse = async (): Promise<never> => {
  throw new Error("not served in this test");
};
const handlers: ClientHandlers = {
  "session/request_permission": refuse,
  "fs/read_text_file": refuse,
  "fs/write_text_file": refuse,
  "terminal/create": refuse,
  "terminal/output": refuse,
  "terminal/wait_for_exit": refuse,
  "terminal/kill": refuse,
  "terminal/release": refuse,
  sessionUpdate: () => {},
  extensionRequest: refuse,
  extensionNotification: () => {},
};

function connect(scenario: string): {
  agent: AgentProcess;
  connection: AgentConnection;
  tapped: TappedMessage[];
} {
  const agent = new AgentProcess({
    command: process.execPath,
    args: [join(FIXTURES, "scriptedAgent.js"), scenario],
    env: {},
    cwd: FIXTURES,
  });
  const stream = nodeNdJsonStream(agent.input, agent.output);
  const connection = new AgentConnection({ stream, handlers });
  const tapped: TappedMessage[] = [];
  connection.tap.on((t) => tapped.push(t));
  return { agent, connection, tapped };
}

test("the tap sees every message both ways, in order, including what the SDK never routes", async () => {
  const { agent, connection, tapped } = connect("normal");
  try {
    await connection.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
    await connection.request("session/new", { cwd: "/", mcpServers: [] });
    await connection.request(
      "session/prompt",
      { sessionId: "scripted-1", prompt: [] },
      { timeoutMs: 0 },
    );
    const summary = tapped.map(
      (t) => `${t.direction}:${(t.message as { method?: string }).method ?? "response"}`,
    );
    assert.deepEqual(summary, [
      "out:initialize",
      "in:response",
      "out:session/new",
      "in:response",
      "out:session/prompt",
      "in:session/update",
      "in:response",
    ]);
  } finally {
    await agent.shutdown();
  }
});

test("a request with no answer times out with a local error naming the method", async () => {
  const { agent, connection } = connect("hang");
  try {
    await connection.request("initialize", { protocolVersion: 1 });
    await connection.request("session/new", { cwd: "/", mcpServers: [] });
    await assert.rejects(
      connection.request("session/prompt", { sessionId: "s", prompt: [] }, { timeoutMs: 200 }),
      (e) => {
        assert.ok(isAcpgateError(e, "request_timeout"));
        assert.match(e.message, /session\/prompt got no answer in 200 ms/);
        return true;
      },
    );
    const controller = new AbortController();
    const pending = connection.request(
      "session/prompt",
      { sessionId: "s", prompt: [] },
      { timeoutMs: 0, signal: controller.signal },
    );
    controller.abort();
    await assert.rejects(pending, (e) => isAcpgateError(e, "request_aborted"));
  } finally {
    await agent.shutdown();
  }
});

test("when the agent dies, pending requests fail with its exit reason", async () => {
  const { agent, connection } = connect("crash-mid-prompt");
  connection.onClose(() => {});
  await connection.request("initialize", { protocolVersion: 1 });
  await connection.request("session/new", { cwd: "/", mcpServers: [] });
  await assert.rejects(
    connection.request("session/prompt", { sessionId: "s", prompt: [] }, { timeoutMs: 0 }),
    (e) => {
      assert.ok(isAcpgateError(e));
      assert.match(e.message, /exited with code 3|connection/);
      return true;
    },
  );
  await agent.shutdown();
  await assert.rejects(connection.request("initialize", {}), (e) => isAcpgateError(e));
});
