import assert from "node:assert/strict";
import { test } from "node:test";
import type { QuestionRequest } from "../../src/protocol/extensionQuestions.js";
import { PendingQuestions } from "../../src/governance/pendingQuestions.js";
import { isAcpgateError } from "../../src/util/errors.js";

const request = (id: string): QuestionRequest => ({
  kind: "question",
  questionId: id,
  method: "cursor/ask_question",
  questions: [{ id: "q", prompt: "?", options: [{ id: "y", label: "Yes" }], allowMultiple: false }],
});
const HOUR = 3_600_000;

void test("lists pending questions and resolves them with a person's answer", async () => {
  const questions = new PendingQuestions();
  const answer = questions.ask({
    sessionId: "s1",
    agentId: "a",
    request: request("q_1"),
    timeoutMs: HOUR,
  });
  assert.deepEqual(
    questions.list().map((q) => [q.id, q.sessionId]),
    [["q_1", "s1"]],
  );
  questions.answer("q_1", { outcome: "declined", reason: "not now", by: "bob" });
  assert.deepEqual(await answer, { outcome: "declined", reason: "not now", by: "bob" });
  assert.equal(questions.list().length, 0);
  assert.throws(
    () => questions.answer("q_1", { outcome: "accepted", by: "bob" }),
    (error) => isAcpgateError(error, "question_not_found"),
  );
});

void test("a cancelled request or an ended session declines, so nothing waits forever", async () => {
  const questions = new PendingQuestions();
  const controller = new AbortController();
  const aborted = questions.ask(
    { sessionId: "s1", agentId: "a", request: request("q_1"), timeoutMs: HOUR },
    controller.signal,
  );
  const ended = questions.ask({
    sessionId: "s2",
    agentId: "a",
    request: request("q_2"),
    timeoutMs: HOUR,
  });
  controller.abort();
  questions.declineSession("s2", "the session ended");
  assert.equal((await aborted).outcome, "declined");
  assert.deepEqual(await ended, {
    outcome: "declined",
    reason: "the session ended",
    by: "acpgate",
  });
  assert.equal(questions.list().length, 0);
});
