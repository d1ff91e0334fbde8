import assert from "node:assert/strict";
import { test } from "node:test";
import { RequestError } from "@agentclientprotocol/sdk";
import { dialectFor } from "../../../src/agents/dialects/dialects.js";
import { DialectRouter } from "../../../src/protocol/dialectRouter.js";
import type { QuestionRequest } from "../../../src/protocol/extensionQuestions.js";
import { NEVER, recordingHost } from "../../support/routerHost.js";

const todo = (id: string, content: string, status?: string): Record<string, string> => ({
  id,
  content,
  ...(status ? { status } : {}),
});

void test("cursor/update_todos with merge updates by id and appends; statuses normalised", async () => {
  const router = new DialectRouter(dialectFor("cursor"));
  const host = recordingHost();
  await router.handleRequest(
    "cursor/update_todos",
    { todos: [todo("a", "one", "pending"), todo("b", "two", "TODO_STATUS_IN_PROGRESS")] },
    host,
    NEVER,
  );
  await router.handleRequest(
    "cursor/update_todos",
    { merge: true, todos: [todo("b", "two", "completed"), todo("c", "three")] },
    host,
    NEVER,
  );
  const plans = host.events.filter((e) => e.type === "plan");
  assert.deepEqual(plans.at(-1), {
    type: "plan",
    source: "cursor",
    entries: [
      { content: "one", status: "pending" },
      { content: "two", status: "completed" },
      { content: "three", status: "pending" },
    ],
  });
  assert.deepEqual(plans[0]?.type === "plan" && plans[0].entries[1]?.status, "in_progress");
});

void test("cursor/ask_question maps the asker's answer onto Cursor's outcome", async () => {
  const asked: QuestionRequest[] = [];
  const router = new DialectRouter(dialectFor("cursor"), {
    ask: async (request) => {
      asked.push(request);
      return {
        outcome: "answered",
        answers: [{ questionId: "q1", selectedOptionIds: ["b"] }],
        by: "alice",
      };
    },
  });
  const host = recordingHost({ unattended: false });
  const answer = await router.handleRequest(
    "cursor/ask_question",
    {
      toolCallId: "t",
      questions: [
        {
          id: "q1",
          prompt: "A or B?",
          allowMultiple: true,
          options: [
            { id: "a", label: "A" },
            { id: "b", label: "B" },
          ],
        },
      ],
    },
    host,
    NEVER,
  );
  assert.deepEqual(answer, {
    outcome: { outcome: "answered", answers: [{ questionId: "q1", selectedOptionIds: ["b"] }] },
  });
  assert.equal(asked[0]?.kind, "question");
  assert.equal(asked[0]?.kind === "question" && asked[0].questions[0]?.allowMultiple, true);
  const record = host.events.find((e) => e.type === "extension");
  assert.equal(record?.type === "extension" && record.accepted, true);
});

void test("a failing asker answers -32000 and fails the session (fail closed)", async () => {
  const router = new DialectRouter(dialectFor("cursor", "x"), {
    ask: async () => {
      const { AcpgateError } = await import("../../../src/util/errors.js");
      throw new AcpgateError("extension_refused", "configured to fail on cursor/create_plan");
    },
  });
  const host = recordingHost();
  await assert.rejects(
    router.handleRequest("cursor/create_plan", { plan: "p" }, host, NEVER),
    (error) => error instanceof RequestError && error.code === -32000,
  );
  assert.equal(host.failures[0]?.code, "extension_refused");
});

void test("unknown dialect names are a config error naming the known ones", () => {
  assert.throws(
    () => dialectFor("cursr", "agent1"),
    /unknown dialect 'cursr' for agent 'agent1'; known: canonical, cursor/,
  );
});
