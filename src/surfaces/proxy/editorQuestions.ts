import type {
  AgentContext,
  ClientCapabilities,
  CreateElicitationRequest,
  CreateElicitationResponse,
  ElicitationPropertySchema,
} from "@agentclientprotocol/sdk";
import type {
  AskQuestion,
  QuestionAnswer,
  QuestionRequest,
} from "../../protocol/extensionQuestions.js";

/**
 * A blocking vendor question (Cursor's `cursor/ask_question`, `cursor/create_plan`) put to
 * the person as a standard `elicitation/create` form, when the editor advertised
 * `elicitation.form`: each question one field (a choice, or a multi-select with
 * `allowMultiple`), a plan an empty form to accept or decline. The answer comes back as the
 * dialect's own; a decline or cancel lets the agent go on without one.
 */
export function editorQuestions(
  editor: AgentContext,
  capabilities: ClientCapabilities | undefined,
  agentSessionId: () => string,
  person: string,
): AskQuestion | undefined {
  const form = (capabilities as { elicitation?: { form?: unknown } } | undefined)?.elicitation
    ?.form;
  if (form === undefined || form === null || form === false) return undefined;
  return async (request, _context, signal) => {
    const response = await editor.request(
      "elicitation/create",
      elicitationFor(request, agentSessionId()),
      { cancellationSignal: signal },
    );
    return answerOf(request, response, person);
  };
}

export function elicitationFor(
  request: QuestionRequest,
  sessionId: string,
): CreateElicitationRequest {
  const scope = { sessionId, ...(request.toolCallId ? { toolCallId: request.toolCallId } : {}) };
  const _meta = { acpgate: { questionId: request.questionId, method: request.method } };
  if (request.kind === "plan_approval")
    return {
      mode: "form",
      ...scope,
      message: [request.title ?? "The agent asks you to approve its plan", request.plan]
        .filter(Boolean)
        .join("\n\n"),
      requestedSchema: { type: "object", properties: {} },
      _meta,
    };
  const properties: Record<string, ElicitationPropertySchema> = {};
  for (const q of request.questions) {
    const choices = q.options.map((o) => ({ const: o.id, title: o.label }));
    properties[q.id] = q.allowMultiple
      ? { type: "array", title: q.prompt, items: { anyOf: choices } }
      : { type: "string", title: q.prompt, oneOf: choices };
  }
  return {
    mode: "form",
    ...scope,
    message: request.title ?? request.questions[0]?.prompt ?? "The agent has a question",
    requestedSchema: {
      type: "object",
      properties,
      required: request.questions.map((q) => q.id),
    },
    _meta,
  };
}

/** The person's form back in the dialect's terms: only option ids the agent offered count. */
export function answerOf(
  request: QuestionRequest,
  response: CreateElicitationResponse,
  person: string,
): QuestionAnswer {
  if (response.action !== "accept")
    return {
      outcome: "declined",
      reason: `${person} chose '${response.action}' in the editor`,
      by: person,
    };
  if (request.kind === "plan_approval") return { outcome: "accepted", by: person };
  const content = (response as { content?: Record<string, unknown> | null }).content ?? {};
  const answers = request.questions.flatMap((q) => {
    const value = content[q.id];
    const picked = (Array.isArray(value) ? value : [value]).filter(
      (v): v is string => typeof v === "string" && q.options.some((o) => o.id === v),
    );
    return picked.length ? [{ questionId: q.id, selectedOptionIds: picked }] : [];
  });
  if (answers.length) return { outcome: "answered", answers, by: person };
  return { outcome: "declined", reason: `${person} chose no offered option`, by: person };
}
