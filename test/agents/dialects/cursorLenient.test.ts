import assert from "node:assert/strict";
import { test } from "node:test";
import { RequestError } from "@agentclientprotocol/sdk";
import { dialectFor } from "../../../src/agents/dialects/dialects.js";
import { DialectRouter } from "../../../src/protocol/dialectRouter.js";
import type { QuestionRequest } from "../../../src/protocol/extensionQuestions.js";
import { NEVER, recordingHost } from "../../support/routerHost.js";

function router(asked: QuestionRequest[] = []): DialectRouter {
  return new DialectRouter(dialectFor("cursor"), {
    ask: async (request) => {
      asked.push(request);
      return { outcome: "declined", reason: "test", by: "test" };
    },
  });
}

void test("display-only fields of any type never fail a request", async () => {
  const odd = [null, 7, true, ["a"], { nested: { x: 1 } }];
  for (const value of odd) {
    const fields = {
      toolCallId: value,
      description: value,
      prompt: value,
      model: value,
      agentId: value,
      subagentType: value,
      durationMs: value,
      name: value,
      overview: value,
      plan: value,
      todos: value,
      phases: value,
      filePath: value,
    };
    for (const method of ["cursor/task", "cursor/create_plan", "cursor/generate_image"]) {
      const answer = (await router().handleRequest(method, fields, recordingHost(), NEVER)) as {
        outcome: { outcome: string };
      };
      assert.equal(typeof answer.outcome.outcome, "string", `${method} ${JSON.stringify(value)}`);
    }
  }
  // Params that are not an object at all read as {} for methods that act on no field.
  for (const params of ["text", [1, 2], null, undefined]) {
    await router().handleRequest("cursor/task", params, recordingHost(), NEVER);
  }
});

void test("ask_question: prompts and labels of another type are shown, ids still echo", async () => {
  const asked: QuestionRequest[] = [];
  await router(asked).handleRequest(
    "cursor/ask_question",
    {
      title: { text: "t" },
      questions: [{ id: "q", prompt: 3, options: [{ id: "a", label: { text: "A" } }] }],
    },
    recordingHost(),
    NEVER,
  );
  assert.deepEqual(asked[0], {
    kind: "question",
    questionId: asked[0]?.questionId,
    method: "cursor/ask_question",
    questions: [{ id: "q", prompt: "3", options: [{ id: "a", label: "a" }], allowMultiple: false }],
  });
});

void test("fields acpgate acts on still answer -32602 naming the field", async () => {
  const cases: [string, unknown, string][] = [
    ["cursor/ask_question", { questions: [] }, "questions"],
    [
      "cursor/ask_question",
      { questions: [{ id: "q", options: [{ label: "A" }] }] },
      "questions.0.options.0.id",
    ],
    [
      "cursor/ask_question",
      { questions: [{ id: "q", options: [], allowMultiple: "yes" }] },
      "questions.0.allowMultiple",
    ],
    ["cursor/update_todos", { todos: "nope" }, "todos"],
    ["cursor/update_todos", { todos: [{ id: { x: 1 }, content: "c" }] }, "todos.0.id"],
    ["cursor/update_todos", { todos: [], merge: "yes" }, "merge"],
  ];
  for (const [method, params, field] of cases) {
    await assert.rejects(
      router().handleRequest(method, params, recordingHost(), NEVER),
      (error) =>
        error instanceof RequestError &&
        error.code === -32602 &&
        (error.data as { field: string }).field === field,
      `${method} ${field}`,
    );
  }
});

void test("update_todos: numeric ids merge with their text form; odd content shows as text", async () => {
  const dialect = router();
  const host = recordingHost();
  await dialect.handleRequest(
    "cursor/update_todos",
    {
      todos: [
        { id: 1, content: "one" },
        { id: "2", content: 2 },
      ],
    },
    host,
    NEVER,
  );
  const answer = await dialect.handleRequest(
    "cursor/update_todos",
    { merge: true, todos: [{ id: "1", status: "TODO_STATUS_COMPLETED" }] },
    host,
    NEVER,
  );
  assert.deepEqual(answer, {
    outcome: {
      outcome: "accepted",
      todos: [
        { id: "1", content: "one", status: "TODO_STATUS_COMPLETED" },
        { id: "2", content: 2 },
      ],
    },
  });
  const plans = host.events.filter((e) => e.type === "plan");
  assert.deepEqual(plans.at(-1)?.type === "plan" && plans.at(-1)?.entries, [
    { content: "one", status: "completed" },
    { content: "2", status: "pending" },
  ]);
});

void test("a notification and a request of update_todos share one list", async () => {
  const dialect = router();
  const host = recordingHost();
  dialect.handleNotification("cursor/update_todos", { todos: [{ id: "a", content: "A" }] }, host);
  const answer = await dialect.handleRequest(
    "cursor/update_todos",
    { merge: true, todos: [{ id: "b", content: "B" }] },
    host,
    NEVER,
  );
  assert.deepEqual(answer, {
    outcome: {
      outcome: "accepted",
      todos: [
        { id: "a", content: "A" },
        { id: "b", content: "B" },
      ],
    },
  });
});

void test("ask_question as a notification is shown and declined by acpgate, never asked", () => {
  const asked: QuestionRequest[] = [];
  const host = recordingHost();
  router(asked).handleNotification(
    "cursor/ask_question",
    { questions: [{ id: "q", prompt: "?", options: [{ id: "y", label: "Yes" }] }] },
    host,
  );
  assert.equal(asked.length, 0);
  const questions = host.events.filter((e) => e.type === "question");
  assert.deepEqual(
    questions.map((q) => q.type === "question" && [q.phase, q.answer?.by]),
    [
      ["asked", undefined],
      ["answered", "acpgate"],
    ],
  );
});
