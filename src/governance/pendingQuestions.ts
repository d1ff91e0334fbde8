import type { QuestionAnswer, QuestionRequest } from "../protocol/extensionQuestions.js";
import { deferred, type Deferred } from "../util/deferred.js";
import { Emitter } from "../util/emitter.js";
import { AcpgateError } from "../util/errors.js";

/** A question waiting for a person, as an API lists it. */
export interface PendingQuestion {
  readonly id: string;
  readonly sessionId: string;
  readonly agentId: string;
  readonly request: QuestionRequest;
  readonly askedAt: string;
  /** When acpgate gives up and declines. */
  readonly expiresAt: string;
}

export type PendingQuestionChange =
  | { change: "asked"; question: PendingQuestion }
  | { change: "resolved"; question: PendingQuestion; answer: QuestionAnswer };

interface Entry {
  question: PendingQuestion;
  answer: Deferred<QuestionAnswer>;
  timer: NodeJS.Timeout;
}

/**
 * Questions from agents that a person answers (attended surfaces). Nothing waits forever:
 * each question is declined when its timeout passes, its request is cancelled or its
 * session ends.
 */
export class PendingQuestions {
  /** Every question asked and resolved, for a surface to push (SSE). */
  readonly changes = new Emitter<PendingQuestionChange>();
  private readonly entries = new Map<string, Entry>();

  /** Waits for a person's answer; resolves `declined` on timeout or abort. */
  ask(
    input: { sessionId: string; agentId: string; request: QuestionRequest; timeoutMs: number },
    signal?: AbortSignal,
  ): Promise<QuestionAnswer> {
    const id = input.request.questionId;
    const now = Date.now();
    const question: PendingQuestion = {
      id,
      sessionId: input.sessionId,
      agentId: input.agentId,
      request: input.request,
      askedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + input.timeoutMs).toISOString(),
    };
    const answer = deferred<QuestionAnswer>();
    const timer = setTimeout(
      () =>
        this.resolve(id, {
          outcome: "declined",
          reason: `nobody answered within ${Math.round(input.timeoutMs / 1000)} s`,
          by: "timeout",
        }),
      input.timeoutMs,
    );
    timer.unref();
    this.entries.set(id, { question, answer, timer });
    this.changes.emit({ change: "asked", question });
    const onAbort = (): void =>
      this.resolve(id, { outcome: "declined", reason: "the request was cancelled", by: "acpgate" });
    if (signal?.aborted) onAbort();
    else signal?.addEventListener("abort", onAbort, { once: true });
    return answer.promise.finally(() => signal?.removeEventListener("abort", onAbort));
  }

  list(filter: { sessionId?: string } = {}): PendingQuestion[] {
    return [...this.entries.values()]
      .map((e) => e.question)
      .filter((q) => filter.sessionId === undefined || q.sessionId === filter.sessionId);
  }

  get(id: string): PendingQuestion | undefined {
    return this.entries.get(id)?.question;
  }

  /** A person's answer. Throws `question_not_found` when it is no longer pending. */
  answer(id: string, answer: QuestionAnswer): void {
    if (!this.entries.has(id)) {
      throw new AcpgateError("question_not_found", `no pending question '${id}'`, { id });
    }
    this.resolve(id, answer);
  }

  /** Declines every question of a session (cancelled turn, closed session). */
  declineSession(sessionId: string, reason: string): void {
    for (const question of this.list({ sessionId })) {
      this.resolve(question.id, { outcome: "declined", reason, by: "acpgate" });
    }
  }

  private resolve(id: string, answer: QuestionAnswer): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    clearTimeout(entry.timer);
    entry.answer.resolve(answer);
    this.changes.emit({ change: "resolved", question: entry.question, answer });
  }
}
