import { requestMethod, type Dialect, type DialectContext } from "../../protocol/dialect.js";
import type { QuestionAnswer } from "../../protocol/extensionQuestions.js";
import {
  cursorAskQuestionParams,
  cursorCreatePlanParams,
  cursorGenerateImageParams,
  cursorTaskParams,
  cursorUpdateTodosParams,
  type CursorTodo,
} from "./cursorSchemas.js";

const SOURCE = "cursor";
const TODOS_KEY = "cursor.todos";
const MAX_PLAN_CHARS = 16_000;
/** Question texts are for display: bounded, while ids stay whole so answers still map. */
const MAX_TEXT_CHARS = 2_000;

/** Cursor's documented reply envelope: `{outcome: {outcome: <kind>, …}}`. */
function outcome(kind: string, extra: Record<string, unknown> = {}): { outcome: object } {
  return { outcome: { outcome: kind, ...extra } };
}

/**
 * Cursor (`cursor-agent acp`) sends blocking agent→client requests without the `_` prefix.
 * Answering -32601 hangs or loses the turn, so this dialect answers each one: subagents
 * and todo lists become events, questions and plans go to `ask` (a person, or the
 * unattended configuration), images are declined.
 */
export const cursorDialect: Dialect = {
  name: "cursor",
  requests: {
    "cursor/task": requestMethod(cursorTaskParams, (params, context) => {
      context.emit({
        type: "subagent",
        source: SOURCE,
        ...defined({
          parentToolCallId: params.toolCallId,
          agentId: params.agentId,
          description: params.description,
          prompt: params.prompt,
          model: params.model,
          subagentType: params.subagentType,
          durationMs: params.durationMs,
        }),
      });
      return outcome(
        "completed",
        defined({ agentId: params.agentId, durationMs: params.durationMs }),
      );
    }),

    "cursor/update_todos": requestMethod(cursorUpdateTodosParams, (params, context) => {
      const todos = params.merge ? mergeTodos(previousTodos(context), params.todos) : params.todos;
      context.state.set(TODOS_KEY, todos);
      emitPlan(context, todos);
      return outcome("accepted", { todos });
    }),

    "cursor/create_plan": requestMethod(cursorCreatePlanParams, async (params, context) => {
      const todos = params.todos ?? [];
      emitPlan(
        context,
        todos.length ? todos : [{ content: params.name ?? params.overview ?? "plan" }],
      );
      const answer = await context.ask({
        kind: "plan_approval",
        questionId: context.newQuestionId(),
        method: context.method,
        ...defined({ toolCallId: params.toolCallId, title: params.name }),
        plan: (params.plan || params.overview || "").slice(0, MAX_PLAN_CHARS),
      });
      if (answer.outcome === "accepted" || answer.outcome === "answered")
        return outcome("accepted");
      return outcome("rejected", { reason: answer.reason });
    }),

    "cursor/ask_question": requestMethod(cursorAskQuestionParams, async (params, context) => {
      const answer = await context.ask({
        kind: "question",
        questionId: context.newQuestionId(),
        method: context.method,
        ...defined({ toolCallId: params.toolCallId, title: params.title }),
        questions: params.questions.map((q) => ({
          id: q.id,
          prompt: q.prompt.slice(0, MAX_TEXT_CHARS),
          options: q.options.map((o) => ({ id: o.id, label: o.label.slice(0, MAX_TEXT_CHARS) })),
          allowMultiple: q.allowMultiple ?? false,
        })),
      });
      return askReply(answer);
    }),

    "cursor/generate_image": requestMethod(cursorGenerateImageParams, () =>
      outcome("rejected", { reason: "acpgate does not generate or display images" }),
    ),
  },
  notifications: {},
};

function askReply(answer: QuestionAnswer): { outcome: object } {
  if (answer.outcome === "answered" && answer.answers.length > 0)
    return outcome("answered", { answers: answer.answers });
  return outcome("skipped", {
    reason: answer.outcome === "declined" ? answer.reason : "no option was chosen",
  });
}

function emitPlan(context: DialectContext, todos: Pick<CursorTodo, "content" | "status">[]): void {
  context.emit({
    type: "plan",
    source: SOURCE,
    entries: todos.map((todo) => ({ content: todo.content, status: normaliseStatus(todo.status) })),
  });
}

/** `TODO_STATUS_IN_PROGRESS`, `in-progress`, `in_progress` → `in_progress`. */
function normaliseStatus(status: string | undefined): string {
  if (!status) return "pending";
  return status
    .toLowerCase()
    .replace(/^todo_status_/, "")
    .replace(/-/g, "_");
}

function previousTodos(context: DialectContext): CursorTodo[] {
  const value = context.state.get(TODOS_KEY);
  return Array.isArray(value) ? (value as CursorTodo[]) : [];
}

/** `merge: true` updates entries by id and appends new ones, in order. */
function mergeTodos(previous: CursorTodo[], updates: CursorTodo[]): CursorTodo[] {
  const merged = [...previous];
  for (const update of updates) {
    const at = update.id === undefined ? -1 : merged.findIndex((t) => t.id === update.id);
    if (at >= 0) merged[at] = { ...merged[at], ...update };
    else merged.push(update);
  }
  return merged;
}

function defined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
