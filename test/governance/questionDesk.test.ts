import assert from "node:assert/strict";
import { test } from "node:test";
import type { QuestionRequest } from "../../src/protocol/extensionQuestions.js";
import type { ConnectionContext } from "../../src/protocol/extensionRouter.js";
import { PendingQuestions } from "../../src/governance/pendingQuestions.js";
import { questionDesk } from "../../src/governance/questionDesk.js";
import { isAcpgateError } from "../../src/util/errors.js";

const unattended: ConnectionContext = {
  agentId: "a",
  sessionId: "s",
  agentSessionId: undefined,
  protocolVersion: 1,
  agentCapabilities: undefined,
  agentInfo: undefined,
  unattended: true,
};
const question: QuestionRequest = {
  kind: "question",
  questionId: "q_1",
  method: "cursor/ask_question",
  questions: [
    {
      id: "color",
      prompt: "Colour?",
      allowMultiple: false,
      options: [
        { id: "r", label: "Red" },
        { id: "b", label: "Blue" },
      ],
    },
  ],
};
const plan: QuestionRequest = {
  kind: "plan_approval",
  questionId: "q_2",
  method: "cursor/create_plan",
  plan: "do it",
};
const signal = new AbortController().signal;

void test("unattended default answers pick by id, label or first; no match declines", async () => {
  const pending = new PendingQuestions();
  const pick = (defaultAnswer: string) =>
    questionDesk(
      { onQuestion: "default", defaultAnswer, onPlanApproval: "decline", questionTimeout: "1m" },
      pending,
    )(question, unattended, signal);
  assert.deepEqual((await pick("Blue")).outcome, "answered");
  assert.deepEqual(await pick("r"), {
    outcome: "answered",
    answers: [{ questionId: "color", selectedOptionIds: ["r"] }],
    by: "config",
  });
  assert.equal((await pick("first")).outcome, "answered");
  const none = await pick("Green");
  assert.equal(none.outcome, "declined");
  assert.match(none.outcome === "declined" ? none.reason : "", /'Green'/);
  assert.equal(pending.list().length, 0, "unattended never queues");
});

void test("unattended fail throws extension_refused naming the method; defaults decline", async () => {
  const pending = new PendingQuestions();
  const failing = questionDesk(
    { onQuestion: "fail", defaultAnswer: "first", onPlanApproval: "fail", questionTimeout: 60 },
    pending,
  );
  for (const request of [question, plan]) {
    await assert.rejects(
      failing(request, unattended, signal),
      (error) =>
        isAcpgateError(error, "extension_refused") && error.message.includes(request.method),
    );
  }
  const defaults = questionDesk(undefined, pending);
  assert.equal((await defaults(question, unattended, signal)).outcome, "declined");
  assert.equal((await defaults(plan, unattended, signal)).outcome, "declined");
});
