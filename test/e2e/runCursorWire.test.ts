import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { FIXTURES, runCli } from "../support/cli.js";
import { CURSOR_FIXTURE_DIR, cursorFixtures } from "../support/cursorFixtures.js";
import {
  readAgentLog,
  repliesByLabel,
  tempDir,
  type AgentLogEntry,
} from "../support/extensionAgent.js";

interface CursorRun {
  code: number | null;
  events: Record<string, unknown>[];
  log: AgentLogEntry[];
  stderr: string;
}

/**
 * `acpgate run --format json` against test/fixtures/cursorAgent.ts replaying the named
 * Cursor fixtures; `as` says whether each goes as a request, a notification or both.
 */
async function runCursor(names: string[], as = "as-is", entryYaml = ""): Promise<CursorRun> {
  const dir = tempDir("acpgate-cursor-");
  const logFile = join(dir, "agent.log");
  const env = {
    CURSOR_AGENT_LOG: logFile,
    CURSOR_AGENT_AS: as,
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
      // The scripted agent never writes files itself: read-only is enforceable at the client.
      "    fileAccess: client",
      "    dialect: cursor",
      ...entryYaml
        .split("\n")
        .filter(Boolean)
        .map((line) => `    ${line}`),
      "",
    ].join("\n"),
  );
  const result = await runCli(["run", "--agent", "cursor", "--format", "json", "go"], {
    cwd: dir,
    timeoutMs: 30_000,
  });
  const events = result.stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { code: result.code, events, log: readAgentLog(logFile), stderr: result.stderr };
}

function ofType(events: Record<string, unknown>[], type: string): Record<string, unknown>[] {
  return events.filter((e) => e.type === type);
}

void test("the wire-captured cursor/task completes its turn under acpgate run (exit 0)", async () => {
  const run = await runCursor(["task.wire"]);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.events.at(-1)?.stopReason, "end_turn");
  assert.deepEqual(repliesByLabel(run.log).get("task.wire")?.result, {
    outcome: {
      outcome: "completed",
      agentId: "5b886cff-0000-4000-8000-000000000000",
      durationMs: 7627,
    },
  });
  const [subagent] = ofType(run.events, "subagent");
  assert.equal(subagent?.subagentType, "custom/unspecified");
  assert.equal(subagent?.model, "gpt-5.4-mini-medium");
  assert.equal(subagent?.parentToolCallId, "call_7MgQ2xK1\nfc_02e9a1c4");
  const [record] = ofType(run.events, "extension");
  assert.equal(record?.accepted, true);
});

void test("every Cursor fixture, documented and wire, as a request and as a notification: exit 0", async () => {
  const names = cursorFixtures().map((f) => f.name);
  const run = await runCursor(names, "both");
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.events.at(-1)?.stopReason, "end_turn");

  const expected: Record<string, string> = {
    "cursor/task": "completed",
    "cursor/update_todos": "accepted",
    "cursor/create_plan": "rejected",
    "cursor/ask_question": "skipped",
    "cursor/generate_image": "rejected",
  };
  const replies = repliesByLabel(run.log);
  for (const fixture of cursorFixtures()) {
    const reply = replies.get(fixture.name) as { result?: { outcome?: { outcome?: string } } };
    assert.equal(reply.result?.outcome?.outcome, expected[fixture.method], fixture.name);
  }
  const records = ofType(run.events, "extension");
  assert.equal(records.length, names.length * 2, "one record per message");
  for (const record of records) assert.equal(record.accepted, true, JSON.stringify(record));
  assert.deepEqual([...new Set(records.map((r) => r.kind))].sort(), ["notification", "request"]);
  // The object subagentType of both wire captures becomes a label; the documented string stays.
  assert.deepEqual(
    ofType(run.events, "subagent").map((s) => s.subagentType),
    [
      "explore",
      "explore",
      "custom/file-counter",
      "custom/file-counter",
      "custom/unspecified",
      "custom/unspecified",
    ],
  );
});

void test("configured answers to the wire-shaped ask and plan reach Cursor in its nested envelope", async () => {
  const run = await runCursor(
    ["ask_question.wire", "create_plan.wire"],
    "as-is",
    "extensions: { onQuestion: default, defaultAnswer: first, onPlanApproval: accept }",
  );
  assert.equal(run.code, 0, run.stderr);
  const replies = repliesByLabel(run.log);
  assert.deepEqual(replies.get("ask_question.wire")?.result, {
    outcome: {
      outcome: "answered",
      answers: [
        { questionId: "q_scope", selectedOptionIds: ["core"] },
        { questionId: "q_tests", selectedOptionIds: ["yes"] },
      ],
    },
  });
  assert.deepEqual(replies.get("create_plan.wire")?.result, { outcome: { outcome: "accepted" } });
  const plans = ofType(run.events, "plan");
  assert.deepEqual(plans[0]?.entries, [
    { content: "Verification: Run the checks", status: "pending" },
    { content: "Verification: Report the result", status: "pending" },
  ]);
});
