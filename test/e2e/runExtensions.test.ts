import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import {
  EXTENSION_AGENT,
  readAgentLog,
  repliesByLabel,
  tempDir,
  type AgentLogEntry,
} from "../support/extensionAgent.js";

const CLI = fileURLToPath(new URL("../../src/surfaces/cli/main.js", import.meta.url));
const UNATTENDED = "nobody can answer: this is an unattended run (acpgate run)";

interface RunOutcome {
  code: number | null;
  events: Record<string, unknown>[];
  log: AgentLogEntry[];
  stderr: string;
}

/** `acpgate run --format json` in a temp dir whose acpgate.yaml declares the fake agent. */
async function runFake(entryYaml: string, steps?: string[]): Promise<RunOutcome> {
  const dir = tempDir();
  const logFile = join(dir, "agent.log");
  const env = [`EXT_AGENT_LOG: ${JSON.stringify(logFile)}`];
  if (steps) env.push(`EXT_AGENT_STEPS: ${JSON.stringify(steps.join(","))}`);
  writeFileSync(
    join(dir, "acpgate.yaml"),
    [
      "agents:",
      "  fake:",
      `    command: ${JSON.stringify(process.execPath)}`,
      `    args: [${JSON.stringify(EXTENSION_AGENT)}]`,
      `    env: { ${env.join(", ")} }`,
      // The fake agent never writes files itself: read-only is enforceable at the client.
      "    fileAccess: client",
      ...entryYaml.split("\n").map((line) => `    ${line}`),
      "",
    ].join("\n"),
  );
  const child = spawn(process.execPath, [CLI, "run", "--agent", "fake", "--format", "json", "go"], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  // A hang is the failure this guards against: kill and report rather than wait forever.
  const guard = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearTimeout(guard);
  const events = stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { code, events, log: readAgentLog(logFile), stderr };
}

function outcome(kind: string, extra: Record<string, unknown> = {}): unknown {
  return { outcome: { outcome: kind, ...extra } };
}

function ofType(events: Record<string, unknown>[], type: string): Record<string, unknown>[] {
  return events.filter((e) => e.type === type);
}

void test("cursor dialect under acpgate run: exact answers, normalised events, the turn ends", async () => {
  const run = await runFake("dialect: cursor");
  assert.equal(run.code, 0, run.stderr);
  const finished = run.events.at(-1);
  assert.equal(finished?.type, "run_finished");
  assert.equal(finished?.stopReason, "end_turn");

  const replies = repliesByLabel(run.log);
  const result = (label: string): unknown => replies.get(label)?.result;
  const error = (label: string): { code: number; data?: Record<string, unknown> } =>
    replies.get(label)?.error as { code: number; data?: Record<string, unknown> };
  assert.deepEqual(result("task"), outcome("completed", { agentId: "sub-1", durationMs: 12 }));
  assert.deepEqual(
    result("ask"),
    outcome("skipped", { reason: `${UNATTENDED}; question skipped` }),
  );
  assert.deepEqual(
    result("todos"),
    outcome("accepted", {
      todos: [
        { id: "t1", content: "Read the parser", status: "completed" },
        { id: "t2", content: "Wire the router", status: "in_progress" },
      ],
    }),
  );
  assert.deepEqual(
    result("plan"),
    outcome("rejected", { reason: `${UNATTENDED}; plan not approved` }),
  );
  assert.deepEqual(
    result("image"),
    outcome("rejected", { reason: "acpgate does not generate or display images" }),
  );
  // Only fields acpgate acts on can fail a request; display-only ones never do.
  assert.deepEqual(result("task-odd"), outcome("completed"));
  assert.deepEqual(
    result("plan-odd"),
    outcome("rejected", { reason: `${UNATTENDED}; plan not approved` }),
  );
  for (const [label, field] of [
    ["ask-bad", "questions"],
    ["todos-bad", "todos"],
  ] as const) {
    assert.equal(error(label).code, -32602, label);
    assert.equal(error(label).data?.field, field, label);
  }
  for (const [label, method] of [
    ["unknown", "vendor/thing"],
    ["unknown-bad", "vendor/thing"],
    ["unknown-underscore", "_vendor/x"],
  ] as const) {
    assert.deepEqual(replies.get(label)?.error, {
      code: -32601,
      message: `"Method not found": ${method}`,
      data: { method },
    });
  }

  // Notifications get no answer: the only responses are to the agent's 13 requests.
  const received = run.log.filter((e) => e.kind === "received").map((e) => e.message ?? {});
  const responses = received.filter((m) => m.method === undefined);
  assert.deepEqual(
    responses.map((m) => m.id),
    [...Array(13).keys()],
  );

  const [subagent, odd] = ofType(run.events, "subagent");
  assert.deepEqual(
    { prompt: odd?.prompt, model: odd?.model },
    { prompt: "42", model: undefined },
    "a number is shown as text, an object dropped from the event",
  );
  assert.deepEqual(
    {
      parentToolCallId: subagent?.parentToolCallId,
      agentId: subagent?.agentId,
      prompt: subagent?.prompt,
      model: subagent?.model,
      description: subagent?.description,
      source: subagent?.source,
    },
    {
      parentToolCallId: "tc_task",
      agentId: "sub-1",
      prompt: "list the modules",
      model: "fast-model",
      description: "Explore the repo",
      source: "cursor",
    },
  );
  const plans = ofType(run.events, "plan");
  assert.deepEqual(plans[0]?.entries, [
    { content: "Read the parser", status: "completed" },
    { content: "Wire the router", status: "in_progress" },
  ]);
  assert.equal(plans[0]?.source, "cursor");
  const questions = ofType(run.events, "question");
  assert.deepEqual(
    questions.map((q) => q.phase),
    ["asked", "answered", "asked", "answered", "asked", "answered"],
  );
  assert.deepEqual(
    ofType(run.events, "vendor_notification").map((e) => e.method),
    ["_vendor/notice", "_vendor/notice", "_model_state_update"],
  );
  const records = ofType(run.events, "extension");
  assert.equal(records.length, 17, "one record per extension message");
  const ping = records.find((r) => r.method === "vendor/ping");
  assert.equal(ping?.accepted, false);
  assert.equal(ping?.kind, "notification");
  assert.doesNotMatch(run.stderr, /vendor\/ping/, "ignored notifications are not errors");
});

void test("canonical dialect under acpgate run: every cursor/* request gets -32601", async () => {
  const run = await runFake("dialect: canonical");
  assert.equal(run.code, 0, run.stderr);
  const replies = repliesByLabel(run.log);
  const cursor = [...replies.entries()].filter(([, r]) => JSON.stringify(r).includes("cursor/"));
  for (const [label, reply] of repliesByLabel(run.log)) {
    if (!label.startsWith("unknown") && label !== "last") {
      assert.equal((reply.error as { code: number }).code, -32601, label);
    }
  }
  assert.equal(cursor.length, 9);
  assert.equal(ofType(run.events, "subagent").length, 0);
});

void test("configured default answer and plan acceptance on an unattended run", async () => {
  const run = await runFake(
    "dialect: cursor\nextensions: { onQuestion: default, defaultAnswer: Plan, onPlanApproval: accept }",
    ["ask", "plan"],
  );
  assert.equal(run.code, 0, run.stderr);
  const replies = repliesByLabel(run.log);
  assert.deepEqual(
    replies.get("ask")?.result,
    outcome("answered", { answers: [{ questionId: "q1", selectedOptionIds: ["plan"] }] }),
  );
  assert.deepEqual(replies.get("plan")?.result, outcome("accepted"));
});

void test("onQuestion: fail ends the run with an error naming the method, no hang", async () => {
  const run = await runFake("dialect: cursor\nextensions: { onQuestion: fail }", ["task", "ask"]);
  assert.equal(run.code, 1);
  const finished = run.events.at(-1);
  assert.equal(finished?.type, "run_finished");
  const failure = finished?.error as { code: string; message: string };
  assert.equal(failure.code, "extension_refused");
  assert.match(failure.message, /cursor\/ask_question/);
  assert.ok(repliesByLabel(run.log).has("task"));
});
