import type { ConnectionContext } from "./extensionRouter.js";

/**
 * Blocking vendor requests that need a person (Cursor's `cursor/ask_question`, plan
 * approval), in one shape that every surface can show and answer.
 */
export interface QuestionItem {
  /** The agent's id for the question (echoed in the answer). */
  id: string;
  prompt: string;
  options: { id: string; label: string }[];
  allowMultiple: boolean;
}

export type QuestionRequest =
  | {
      kind: "question";
      /** acpgate's id for this ask (pending-question id). */
      questionId: string;
      method: string;
      toolCallId?: string;
      title?: string;
      questions: QuestionItem[];
    }
  | {
      kind: "plan_approval";
      questionId: string;
      method: string;
      toolCallId?: string;
      title?: string;
      /** The plan text (bounded). */
      plan: string;
    };

/**
 * `answered` (questions) and `accepted` (plans) let the agent go on as asked; `declined`
 * lets it go on without an answer. `by` says who answered: a person's name, `config` or
 * `timeout`.
 */
export type QuestionAnswer =
  | {
      outcome: "answered";
      answers: { questionId: string; selectedOptionIds: string[] }[];
      by: string;
    }
  | { outcome: "accepted"; by: string }
  | { outcome: "declined"; reason: string; by: string };

/** Answers a question, or throws an `AcpgateError` to fail the session (fail-closed). */
export type AskQuestion = (
  request: QuestionRequest,
  context: ConnectionContext,
  signal: AbortSignal,
) => Promise<QuestionAnswer>;
