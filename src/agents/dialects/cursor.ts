import {
  notificationMethod,
  requestMethod,
  type Dialect,
  type DialectContext,
  type NotificationSpec,
  type RequestSpec,
} from "../../protocol/dialect.js";
import { displayCount, displayLabel, displayText } from "../../protocol/lenientParams.js";
import {
  askReply,
  outcome,
  planReply,
  planRequest,
  questionRequest,
  unanswerable,
} from "./cursorQuestions.js";
import {
  cursorAskQuestionParams,
  cursorCreatePlanParams,
  cursorGenerateImageParams,
  cursorTaskParams,
  cursorUpdateTodosParams,
} from "./cursorSchemas.js";
import { applyTodos, emitPlan, planEntries } from "./cursorTodos.js";

function task(params: Record<string, unknown>, context: DialectContext): { outcome: object } {
  const agentId = displayText(params.agentId);
  const durationMs = displayCount(params.durationMs);
  context.emit({
    type: "subagent",
    source: "cursor",
    ...defined({
      parentToolCallId: displayText(params.toolCallId),
      agentId,
      description: displayText(params.description),
      prompt: displayText(params.prompt),
      model: displayText(params.model),
      subagentType: displayLabel(params.subagentType),
      durationMs,
    }),
  });
  return outcome("completed", defined({ agentId, durationMs }));
}

const IMAGE_DECLINED = outcome("rejected", {
  reason: "acpgate does not generate or display images",
});

/** Cursor's methods: each one is accepted as a request and as a notification. */
type CursorMethod =
  | "cursor/task"
  | "cursor/update_todos"
  | "cursor/create_plan"
  | "cursor/ask_question"
  | "cursor/generate_image";

const requests = {
  "cursor/task": requestMethod(cursorTaskParams, task),
  "cursor/update_todos": requestMethod(cursorUpdateTodosParams, (params, context) => {
    const todos = applyTodos(context, params.todos, params.merge ?? false);
    emitPlan(context, planEntries(todos));
    return outcome("accepted", { todos });
  }),
  "cursor/create_plan": requestMethod(cursorCreatePlanParams, async (params, context) =>
    planReply(await context.ask(planRequest(params, context))),
  ),
  "cursor/ask_question": requestMethod(cursorAskQuestionParams, async (params, context) =>
    askReply(await context.ask(questionRequest(params, context))),
  ),
  "cursor/generate_image": requestMethod(cursorGenerateImageParams, () => IMAGE_DECLINED),
} satisfies Record<CursorMethod, RequestSpec>;

const notifications = {
  "cursor/task": notificationMethod(cursorTaskParams, (params, context) => {
    task(params, context);
  }),
  "cursor/update_todos": notificationMethod(cursorUpdateTodosParams, (params, context) => {
    emitPlan(context, planEntries(applyTodos(context, params.todos, params.merge ?? false)));
  }),
  "cursor/create_plan": notificationMethod(cursorCreatePlanParams, (params, context) =>
    unanswerable(context, planRequest(params, context)),
  ),
  "cursor/ask_question": notificationMethod(cursorAskQuestionParams, (params, context) =>
    unanswerable(context, questionRequest(params, context)),
  ),
  // Nothing to show: the `extension` record is the whole trace of it.
  "cursor/generate_image": notificationMethod(cursorGenerateImageParams, () => undefined),
} satisfies Record<CursorMethod, NotificationSpec>;

/**
 * Cursor (`agent acp`) sends its `cursor/*` methods without the `_` prefix, as requests
 * with an id (what the wire shows) or as notifications (how its docs list task,
 * update_todos and generate_image). Answering -32601 hangs or loses the turn, so this
 * dialect takes each method both ways: subagents and todo lists become events, questions
 * and plans go to `ask` (a person, or the unattended configuration), images are declined.
 * Replies use Cursor's nested `{outcome: {outcome: …}}` envelope; params are read leniently
 * (cursorSchemas.ts says which fields can fail a request).
 */
export const cursorDialect: Dialect = { name: "cursor", requests, notifications };

function defined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
