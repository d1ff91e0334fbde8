import { extensionsSchema, type ExtensionsConfig } from "../config/extensionsSchema.js";
import type {
  AskQuestion,
  QuestionAnswer,
  QuestionRequest,
} from "../protocol/extensionQuestions.js";
import { parseDuration } from "../util/duration.js";
import { AcpgateError } from "../util/errors.js";
import type { PendingQuestions } from "./pendingQuestions.js";

const UNATTENDED = "nobody can answer: this is an unattended run (acpgate run)";

/**
 * Answers blocking vendor requests for one agent entry. Unattended sessions get the
 * configured answer at once (decline by default; `fail` ends the run naming the method);
 * attended ones queue a pending question that a person answers before the timeout.
 * Nothing ever waits without a bound.
 */
export function questionDesk(
  config: ExtensionsConfig | undefined,
  pending: PendingQuestions,
  /** Who answers attended sessions in place of the pending queue (an editor's elicitation). */
  person?: AskQuestion,
): AskQuestion {
  const settings = extensionsSchema.parse(config ?? {});
  const timeoutMs =
    typeof settings.questionTimeout === "number"
      ? settings.questionTimeout * 1000
      : parseDuration(settings.questionTimeout);
  return async (request, context, signal) => {
    if (!context.unattended && person)
      return withTimeout(person, timeoutMs, request, context, signal);
    if (!context.unattended) {
      return pending.ask(
        { sessionId: context.sessionId, agentId: context.agentId, request, timeoutMs },
        signal,
      );
    }
    return request.kind === "plan_approval"
      ? unattendedPlan(settings, request)
      : unattendedQuestion(settings, request);
  };
}

/** A person who does not answer within `questionTimeout` is taken to decline. */
async function withTimeout(
  person: AskQuestion,
  timeoutMs: number,
  request: QuestionRequest,
  context: Parameters<AskQuestion>[1],
  signal: AbortSignal,
): Promise<QuestionAnswer> {
  const timer = AbortSignal.timeout(timeoutMs);
  try {
    return await person(request, context, AbortSignal.any([signal, timer]));
  } catch (error) {
    if (!timer.aborted || signal.aborted) throw error;
    return { outcome: "declined", reason: `no answer within ${timeoutMs} ms`, by: "timeout" };
  }
}

function unattendedPlan(settings: ExtensionsConfig, request: QuestionRequest): QuestionAnswer {
  switch (settings.onPlanApproval) {
    case "accept":
      return { outcome: "accepted", by: "config" };
    case "fail":
      throw failure(request, "onPlanApproval");
    default:
      return { outcome: "declined", reason: `${UNATTENDED}; plan not approved`, by: "config" };
  }
}

function unattendedQuestion(
  settings: ExtensionsConfig,
  request: Extract<QuestionRequest, { kind: "question" }>,
): QuestionAnswer {
  switch (settings.onQuestion) {
    case "fail":
      throw failure(request, "onQuestion");
    case "default": {
      const answers = request.questions.flatMap((question) => {
        const wanted = settings.defaultAnswer;
        const option =
          wanted === "first"
            ? question.options[0]
            : question.options.find((o) => o.id === wanted || o.label === wanted);
        return option ? [{ questionId: question.id, selectedOptionIds: [option.id] }] : [];
      });
      if (answers.length) return { outcome: "answered", answers, by: "config" };
      return {
        outcome: "declined",
        reason: `${UNATTENDED}; no option matches the configured default answer '${settings.defaultAnswer}'`,
        by: "config",
      };
    }
    default:
      return { outcome: "declined", reason: `${UNATTENDED}; question skipped`, by: "config" };
  }
}

function failure(request: QuestionRequest, setting: string): AcpgateError {
  return new AcpgateError(
    "extension_refused",
    `agent asked '${request.method}' (${request.kind === "plan_approval" ? "plan approval" : "a question"}) and this unattended run is configured to fail (extensions.${setting}: fail)`,
    { method: request.method, questionId: request.questionId },
  );
}
