import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startEditor } from "../support/editorClient.js";
import { FIXTURES } from "../support/cli.js";
import { CURSOR_FIXTURE_DIR } from "../support/cursorFixtures.js";
import { readAgentLog, repliesByLabel, tempDir } from "../support/extensionAgent.js";

/** The scripted Cursor agent (cursor dialect) replaying `names` on a prompt, through the proxy. */
function workspace(names: string[]) {
  const dir = tempDir("acpgate-proxy-cursor-");
  const logFile = join(dir, "agent.log");
  const env = {
    CURSOR_AGENT_LOG: logFile,
    CURSOR_AGENT_FIXTURES: names.map((n) => join(CURSOR_FIXTURE_DIR, `${n}.json`)).join(","),
  };
  writeFileSync(
    join(dir, "acpgate.yaml"),
    [
      "agents:",
      "  cursor:",
      `    command: ${JSON.stringify(process.execPath)}`,
      `    args: [${JSON.stringify(join(FIXTURES, "cursorAgent.js"))}, acp]`,
      `    env: ${JSON.stringify(env)}`,
      "    fileAccess: client",
      "    dialect: cursor",
      // Bounded: a question nobody is asked is declined in 2 s, not 10 min.
      "    extensions: { questionTimeout: 2s }",
      "",
    ].join("\n"),
  );
  return { dir, logFile };
}

async function turn(
  names: string[],
  answer: (params: Record<string, unknown>) => Record<string, unknown>,
) {
  const ws = workspace(names);
  const asked: Record<string, unknown>[] = [];
  const editor = startEditor(["--agent", "cursor"], {
    cwd: ws.dir,
    onElicitation: (params) => {
      asked.push(params as Record<string, unknown>);
      return answer(params as Record<string, unknown>);
    },
  });
  try {
    await editor.connection.agent.request("initialize", {
      protocolVersion: 1,
      clientCapabilities: { elicitation: { form: {} } },
    });
    const { sessionId } = await editor.connection.agent.request("session/new", {
      cwd: ws.dir,
      mcpServers: [],
    });
    const done = await editor.connection.agent.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: "go" }],
    });
    return { stopReason: done.stopReason, asked, sessionId, log: readAgentLog(ws.logFile) };
  } finally {
    assert.equal(await editor.close(), 0, editor.stderr());
  }
}

test(
  "proxy: cursor/ask_question becomes an elicitation form for the person, and the answer goes back in Cursor's envelope",
  { timeout: 30_000 },
  async () => {
    const run = await turn(["ask_question.wire"], () => ({
      action: "accept",
      content: { q_scope: ["core", "cli", "not-offered"], q_tests: "yes" },
    }));
    assert.equal(run.asked.length, 1);
    const form = run.asked[0] as {
      mode: string;
      sessionId: string;
      toolCallId: string;
      message: string;
      requestedSchema: { properties: Record<string, Record<string, unknown>>; required: string[] };
    };
    assert.equal(form.mode, "form");
    assert.equal(form.sessionId, run.sessionId);
    assert.equal(form.toolCallId, "call_Ab3dE5fG\nfc_07a1b2c3");
    assert.equal(form.message, "Before I change the build");
    assert.deepEqual(form.requestedSchema.required, ["q_scope", "q_tests"]);
    assert.equal(form.requestedSchema.properties.q_scope?.type, "array");
    assert.deepEqual(form.requestedSchema.properties.q_tests, {
      type: "string",
      title: "Run the full test suite afterwards?",
      oneOf: [
        { const: "yes", title: "Yes" },
        { const: "no", title: "No" },
      ],
    });
    const reply = repliesByLabel(run.log).get("ask_question.wire") as { result?: unknown };
    assert.deepEqual(reply.result, {
      outcome: {
        outcome: "answered",
        answers: [
          { questionId: "q_scope", selectedOptionIds: ["core", "cli"] },
          { questionId: "q_tests", selectedOptionIds: ["yes"] },
        ],
      },
    });
    assert.equal(run.stopReason, "end_turn");
  },
);

test(
  "proxy: a declined elicitation lets the Cursor turn go on, the question skipped",
  { timeout: 30_000 },
  async () => {
    const run = await turn(["ask_question.wire"], () => ({ action: "decline" }));
    assert.equal(run.asked.length, 1);
    const reply = repliesByLabel(run.log).get("ask_question.wire") as {
      result?: { outcome?: { outcome?: string; reason?: string } };
    };
    assert.equal(reply.result?.outcome?.outcome, "skipped");
    assert.match(reply.result?.outcome?.reason ?? "", /decline/);
    assert.equal(run.stopReason, "end_turn");
  },
);
