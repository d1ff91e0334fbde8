import type { z } from "zod";
import type { DialectContext } from "../../protocol/dialect.js";
import type { QuestionAnswer, QuestionRequest } from "../../protocol/extensionQuestions.js";
import { displayText } from "../../protocol/lenientParams.js";
import type { cursorAskQuestionParams } from "./cursorSchemas.js";
import { emitPlan, planEntries, type PlanEntry } from "./cursorTodos.js";

/** Question texts are for display: bounded, while ids stay whole so answers still map. */
const MAX_TEXT_CHARS = 2_000;
const MAX_PLAN_CHARS = 16_000;

/** Cursor's reply envelope: `{outcome: {outcome: <kind>, …}}` (a flat one reads as cancel). */
export function outcome(kind: string, extra: Record<string, unknown> = {}): { outcome: object } {
  return { outcome: { outcome: kind, ...extra } };
}

type AskParams = z.output<typeof cursorAskQuestionParams>;

export function questionRequest(params: AskParams, context: DialectContext): QuestionRequest {
  return {
    kind: "question",
    questionId: context.newQuestionId(),
    method: context.method,
    ...shown({ toolCallId: params.toolCallId, title: params.title }),
    questions: params.questions.map((q) => ({
      id: q.id,
      prompt: displayText(q.prompt, MAX_TEXT_CHARS) ?? "",
      options: q.options.map((o) => ({
        id: o.id,
        label: displayText(o.label, MAX_TEXT_CHARS) ?? o.id,
      })),
      allowMultiple: q.allowMultiple ?? false,
    })),
  };
}

/** A plan to approve, after emitting it as a `plan` event (its todos, else its phases). */
export function planRequest(
  params: Record<string, unknown>,
  context: DialectContext,
): Extract<QuestionRequest, { kind: "plan_approval" }> {
  emitPlan(context, planOf(params));
  const text =
    displayText(params.plan, MAX_PLAN_CHARS) || displayText(params.overview, MAX_PLAN_CHARS);
  const title = displayText(params.name, MAX_TEXT_CHARS);
  return {
    kind: "plan_approval",
    questionId: context.newQuestionId(),
    method: context.method,
    ...shown({ toolCallId: params.toolCallId, title }),
    plan: text ?? "",
  };
}

export function askReply(answer: QuestionAnswer): { outcome: object } {
  if (answer.outcome === "answered" && answer.answers.length > 0)
    return outcome("answered", { answers: answer.answers });
  return outcome("skipped", {
    reason: answer.outcome === "declined" ? answer.reason : "no option was chosen",
  });
}

export function planReply(answer: QuestionAnswer): { outcome: object } {
  if (answer.outcome === "accepted" || answer.outcome === "answered") return outcome("accepted");
  return outcome("rejected", { reason: answer.reason });
}

/**
 * A blocking method sent as a notification has no request to answer: the question is shown
 * (asked, then declined by acpgate) and never put to a person or to the configuration.
 */
export function unanswerable(context: DialectContext, request: QuestionRequest): void {
  const answer: QuestionAnswer = {
    outcome: "declined",
    reason: `${context.method} came as a notification: there is no request to answer`,
    by: "acpgate",
  };
  context.emit({ type: "question", phase: "asked", request });
  context.emit({ type: "question", phase: "answered", request, answer });
}

function planOf(params: Record<string, unknown>): PlanEntry[] {
  const todos = Array.isArray(params.todos) ? planEntries(params.todos) : [];
  if (todos.length) return todos;
  const phases = Array.isArray(params.phases) ? params.phases : [];
  const phased = phases.flatMap((phase: unknown) => {
    if (typeof phase !== "object" || phase === null) return [];
    const { name, todos } = phase as Record<string, unknown>;
    return Array.isArray(todos) ? planEntries(todos, displayText(name, MAX_TEXT_CHARS)) : [];
  });
  if (phased.length) return phased;
  const label =
    displayText(params.name, MAX_TEXT_CHARS) ?? displayText(params.overview, MAX_TEXT_CHARS);
  return [{ content: label ?? "plan", status: "pending" }];
}

function shown(params: { toolCallId?: unknown; title?: unknown }): {
  toolCallId?: string;
  title?: string;
} {
  const toolCallId = displayText(params.toolCallId);
  const title = displayText(params.title, MAX_TEXT_CHARS);
  return { ...(toolCallId ? { toolCallId } : {}), ...(title ? { title } : {}) };
}
