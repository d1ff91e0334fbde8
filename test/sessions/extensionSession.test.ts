import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import type { SessionEvent } from "../../src/sessions/events.js";
import { isAcpgateError } from "../../src/util/errors.js";
import {
  managerWithFakeAgent,
  readAgentLog,
  repliesByLabel,
  tempDir,
} from "../support/extensionAgent.js";

const CURSOR_METHODS = ["task", "ask", "todos", "plan", "image"];

void test("SDK fallbacks route every unknown name to the router, with and without `_`", async () => {
  const dir = tempDir();
  const log = join(dir, "agent.log");
  const manager = managerWithFakeAgent(log, { dialect: "cursor" });
  const events: SessionEvent[] = [];
  try {
    const session = manager.prepare({ agentId: "fake", cwd: dir, unattended: true });
    session.on((e) => events.push(e));
    await session.start();
    const turn = await session.prompt("go");
    assert.equal(turn.stopReason, "end_turn");
  } finally {
    await manager.dispose();
  }
  const seen = events.filter((e) => e.type === "extension").map((e) => `${e.kind} ${e.method}`);
  for (const name of [
    "request cursor/task",
    "request vendor/thing",
    "request _vendor/x",
    "notification _vendor/notice",
    "notification _model_state_update",
    "notification vendor/ping",
  ]) {
    assert.ok(seen.includes(name), `${name} reached the router: ${seen.join(", ")}`);
  }
});

void test("attended: a person answers a pending question and the agent gets the answer", async () => {
  const dir = tempDir();
  const log = join(dir, "agent.log");
  const manager = managerWithFakeAgent(log, { dialect: "cursor" }, ["ask", "plan"]);
  const asked: string[] = [];
  manager.questions.changes.on((change) => {
    if (change.change !== "asked") return;
    asked.push(change.question.request.kind);
    assert.equal(manager.questions.list().length, 1);
    const answer =
      change.question.request.kind === "question"
        ? {
            outcome: "answered" as const,
            answers: [{ questionId: "q1", selectedOptionIds: ["plan"] }],
            by: "tester",
          }
        : { outcome: "accepted" as const, by: "tester" };
    setImmediate(() => manager.questions.answer(change.question.id, answer));
  });
  try {
    const session = await manager.create({ agentId: "fake", cwd: dir, unattended: false });
    assert.equal((await session.prompt("go")).stopReason, "end_turn");
  } finally {
    await manager.dispose();
  }
  assert.deepEqual(asked, ["question", "plan_approval"]);
  const replies = repliesByLabel(readAgentLog(log));
  assert.deepEqual(replies.get("ask")?.result, {
    outcome: { outcome: "answered", answers: [{ questionId: "q1", selectedOptionIds: ["plan"] }] },
  });
  assert.deepEqual(replies.get("plan")?.result, { outcome: { outcome: "accepted" } });
  assert.equal(manager.questions.list().length, 0);
});

void test("attended: an unanswered question is declined at its timeout, never hangs", async () => {
  const dir = tempDir();
  const log = join(dir, "agent.log");
  const manager = managerWithFakeAgent(
    log,
    { dialect: "cursor", extensions: { questionTimeout: "300ms" } },
    ["ask"],
  );
  try {
    const session = await manager.create({ agentId: "fake", cwd: dir, unattended: false });
    assert.equal((await session.prompt("go")).stopReason, "end_turn");
  } finally {
    await manager.dispose();
  }
  const reply = repliesByLabel(readAgentLog(log)).get("ask");
  const outcome = (reply?.result as { outcome: { outcome: string; reason: string } }).outcome;
  assert.equal(outcome.outcome, "skipped");
  assert.match(outcome.reason, /nobody answered/);
});

void test("canonical dialect answers -32601 to every cursor/* request", async () => {
  const dir = tempDir();
  const log = join(dir, "agent.log");
  const manager = managerWithFakeAgent(log, { dialect: "canonical" });
  try {
    const session = await manager.create({ agentId: "fake", cwd: dir, unattended: true });
    assert.equal((await session.prompt("go")).stopReason, "end_turn");
  } finally {
    await manager.dispose();
  }
  const replies = repliesByLabel(readAgentLog(log));
  for (const label of CURSOR_METHODS) {
    const reply = replies.get(label);
    assert.equal(
      (reply?.error as { code: number }).code,
      -32601,
      `${label}: ${JSON.stringify(reply)}`,
    );
    assert.equal(reply?.result, undefined);
    assert.match(JSON.stringify(reply?.error), /cursor\//);
  }
});

void test("outbound callExtension refuses a name without `_` before anything is written", async () => {
  const dir = tempDir();
  const log = join(dir, "agent.log");
  const manager = managerWithFakeAgent(log, { dialect: "cursor" }, []);
  const written: string[] = [];
  try {
    const session = await manager.create({ agentId: "fake", cwd: dir, unattended: true });
    session.tap.on((t) => {
      if (t.direction === "out") written.push(JSON.stringify(t.message));
    });
    await assert.rejects(session.callExtension("vendor/x", { a: 1 }), (error) =>
      isAcpgateError(error, "extension_refused"),
    );
    await assert.rejects(session.notifyExtension("cursor/task", {}), (error) =>
      isAcpgateError(error, "extension_refused"),
    );
    assert.deepEqual(written, [], "nothing went to the pipe");
    // Positive control: a `_` name goes through, so the log would have shown vendor/x.
    assert.deepEqual(await session.callExtension("_vendor/echo", { a: 1 }), { echo: { a: 1 } });
  } finally {
    await manager.dispose();
  }
  const methods = readAgentLog(log)
    .filter((e) => e.kind === "received")
    .map((e) => e.message?.method);
  assert.ok(methods.includes("_vendor/echo"));
  assert.ok(!methods.includes("vendor/x"));
  assert.ok(!methods.includes("cursor/task"));
});

void test("`$/cancel_request` withdraws a pending question: protocol-level, not an extension", async () => {
  const dir = tempDir();
  const log = join(dir, "agent.log");
  const manager = managerWithFakeAgent(log, { dialect: "cursor" }, ["ask-cancelled"]);
  const events: SessionEvent[] = [];
  try {
    const session = manager.prepare({ agentId: "fake", cwd: dir, unattended: false });
    session.on((e) => events.push(e));
    await session.start();
    assert.equal((await session.prompt("go")).stopReason, "end_turn");
  } finally {
    await manager.dispose();
  }
  assert.equal(manager.questions.list().length, 0);
  const answered = events.find((e) => e.type === "question" && e.phase === "answered");
  assert.equal(answered?.type === "question" && answered.answer?.outcome, "declined");
  const methods = events.filter((e) => e.type === "extension").map((e) => e.method);
  assert.ok(!methods.includes("$/cancel_request"), methods.join(", "));
  const reply = repliesByLabel(readAgentLog(log)).get("ask-cancelled");
  assert.ok(reply, "the withdrawn request still got an answer");
});

void test("cancelling the turn declines the session's pending questions", async () => {
  const dir = tempDir();
  const log = join(dir, "agent.log");
  const manager = managerWithFakeAgent(log, { dialect: "cursor" }, ["ask"]);
  try {
    const session = await manager.create({ agentId: "fake", cwd: dir, unattended: false });
    manager.questions.changes.on((change) => {
      if (change.change === "asked") setImmediate(() => void session.cancel());
    });
    await session.prompt("go");
  } finally {
    await manager.dispose();
  }
  assert.equal(manager.questions.list().length, 0);
  const reply = repliesByLabel(readAgentLog(log)).get("ask");
  assert.deepEqual(reply?.result, {
    outcome: { outcome: "skipped", reason: "the request was cancelled" },
  });
});
