import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import type { PendingQuestion } from "../../src/governance/pendingQuestions.js";
import { apiHarness, waitFor } from "../support/apiHarness.js";
import { FIXTURES } from "../support/cli.js";
import { CURSOR_FIXTURE_DIR } from "../support/cursorFixtures.js";
import { readAgentLog, repliesByLabel } from "../support/extensionAgent.js";
import { tempDir } from "../support/tempDir.js";

test("an agent's question waits for a person: listed, operator 403, an approver's answer reaches the agent", async () => {
  const logs = tempDir();
  const logFile = join(logs.dir, "agent.log");
  const env = {
    CURSOR_AGENT_FIXTURES: join(CURSOR_FIXTURE_DIR, "ask_question.wire.json"),
    CURSOR_AGENT_LOG: logFile,
  };
  const api = apiHarness({
    agentsYaml: [
      "  cursor:",
      `    command: ${JSON.stringify(process.execPath)}`,
      `    args: [${JSON.stringify(join(FIXTURES, "cursorAgent.js"))}, acp]`,
      `    env: ${JSON.stringify(env)}`,
      "    fileAccess: client",
      "    dialect: cursor",
      "",
    ].join("\n"),
  });
  try {
    const created = await api.call("POST", "/api/agent-sessions", "operator", {
      agent: "cursor",
      cwd: api.dir,
      prompt: "go",
    });
    assert.equal(created.status, 201, await created.clone().text());
    const { id } = (await created.json()) as { id: string };
    const question = await waitFor("the question", async () => {
      const list = await api.call("GET", `/api/questions?session=${id}`, "viewer");
      return ((await list.json()) as { items: PendingQuestion[] }).items[0];
    });
    assert.equal(question.request.method, "cursor/ask_question");
    const byOperator = await api.call("POST", `/api/questions/${question.id}/answer`, "operator", {
      outcome: "declined",
    });
    assert.equal(byOperator.status, 403);
    const noOptions = await api.call("POST", `/api/questions/${question.id}/answer`, "approver", {
      outcome: "answered",
    });
    assert.equal(noOptions.status, 400);
    const answered = await api.call("POST", `/api/questions/${question.id}/answer`, "approver", {
      outcome: "answered",
      answers: [
        { questionId: "q_scope", selectedOptionIds: ["core", "cli"] },
        { questionId: "q_tests", selectedOptionIds: ["yes"] },
      ],
    });
    assert.equal(answered.status, 200);
    assert.equal(((await answered.json()) as { by: string }).by, "token:approver");
    const view = await waitFor("the turn to end", async () => {
      const v = (await (await api.call("GET", `/api/agent-sessions/${id}`, "viewer")).json()) as {
        state: string;
        stopReason?: string;
      };
      return v.state === "ready" && v.stopReason ? v : undefined;
    });
    assert.equal(view.stopReason, "end_turn", "the agent read a proper answer");
    const reply = repliesByLabel(readAgentLog(logFile)).get("ask_question.wire") as
      { result?: { outcome?: { outcome?: string } } } | undefined;
    assert.equal(reply?.result?.outcome?.outcome, "answered", JSON.stringify(reply));
    const left = await api.call("GET", "/api/questions", "viewer");
    assert.deepEqual(((await left.json()) as { items: unknown[] }).items, []);
  } finally {
    await api.close();
    logs.cleanup();
  }
});
