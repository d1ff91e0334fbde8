import { randomUUID } from "node:crypto";
import { RequestError } from "@agentclientprotocol/sdk";
import type { z } from "zod";
import { boundJson } from "../util/boundJson.js";
import { debugLog } from "../util/debugLog.js";
import { errorMessage, isAcpgateError } from "../util/errors.js";
import type { Dialect, DialectContext } from "./dialect.js";
import type { ExtensionEventBody } from "./extensionEvents.js";
import type { AskQuestion } from "./extensionQuestions.js";
import type { ExtensionHost, ExtensionRouter } from "./extensionRouter.js";
import { refusedByPolicy } from "./refusedByPolicy.js";

export interface DialectRouterOptions {
  /** Who answers questions; without one every question is declined (fail closed). */
  ask?: AskQuestion;
  /** Bound for params and answers in events, in characters of JSON. */
  maxRecordChars?: number;
}

const declineAll: AskQuestion = async () => ({
  outcome: "declined",
  reason: "nobody can answer questions in this session",
  by: "acpgate",
});

/**
 * The client-owned allowlist: answers exactly the methods of one dialect, validates their
 * params, and records every extension message as an `extension` event, accepted or not.
 */
export class DialectRouter implements ExtensionRouter {
  private readonly state = new Map<string, unknown>();
  private turn = new AbortController();
  private readonly ask: AskQuestion;
  private readonly maxChars: number | undefined;

  constructor(
    readonly dialect: Dialect,
    options: DialectRouterOptions = {},
  ) {
    this.ask = options.ask ?? declineAll;
    this.maxChars = options.maxRecordChars;
  }

  async handleRequest(
    method: string,
    params: unknown,
    host: ExtensionHost,
    signal: AbortSignal,
  ): Promise<unknown> {
    const raw = { jsonrpc: "2.0", id: host.requestId, method, params };
    const record = (fields: Partial<ExtensionEventBody & { type: "extension" }>): void =>
      host.emit(
        {
          type: "extension",
          method,
          kind: "request",
          accepted: false,
          dialect: this.dialect.name,
          params: boundJson(params, this.maxChars),
          ...fields,
        },
        raw,
      );
    const spec = Object.hasOwn(this.dialect.requests, method)
      ? this.dialect.requests[method]
      : undefined;
    if (!spec) {
      const error = RequestError.methodNotFound(method);
      record({ error: wire(error), declined: `not in the '${this.dialect.name}' dialect` });
      throw error;
    }
    const parsed = spec.params.safeParse(params ?? {});
    if (!parsed.success) {
      const error = badParams(method, parsed.error);
      record({ error: wire(error), declined: "invalid params" });
      throw error;
    }
    try {
      const withdrawn = AbortSignal.any([signal, this.turn.signal]);
      const answer =
        (await spec.handle(parsed.data, this.context(method, raw, host, withdrawn))) ?? {};
      record({ accepted: true, answer: boundJson(answer, this.maxChars) });
      return answer;
    } catch (error) {
      if (isAcpgateError(error)) {
        // Fail closed: the agent gets a clear refusal, and the session ends with the cause.
        const refusal = refusedByPolicy(error.message, { method });
        record({ accepted: true, error: wire(refusal), declined: error.message });
        host.fail(error);
        throw refusal;
      }
      const failure =
        error instanceof RequestError
          ? error
          : RequestError.internalError({ method }, errorMessage(error));
      record({ accepted: true, error: wire(failure) });
      throw failure;
    }
  }

  cancelPending(): void {
    this.turn.abort();
    this.turn = new AbortController();
  }

  handleNotification(method: string, params: unknown, host: ExtensionHost): void {
    const raw = { jsonrpc: "2.0", method, params };
    const record = (accepted: boolean, declined?: string): void =>
      host.emit(
        {
          type: "extension",
          method,
          kind: "notification",
          accepted,
          dialect: this.dialect.name,
          params: boundJson(params, this.maxChars),
          ...(declined ? { declined } : {}),
        },
        raw,
      );
    const spec = Object.hasOwn(this.dialect.notifications, method)
      ? this.dialect.notifications[method]
      : method.startsWith("_")
        ? this.dialect.vendorNotifications
        : undefined;
    if (!spec) {
      // Agents send many notifications nobody handles: normal, so debug only.
      debugLog("extensions", `ignored notification '${method}' (dialect ${this.dialect.name})`);
      record(false, `not in the '${this.dialect.name}' dialect`);
      return;
    }
    const parsed = spec.params.safeParse(params ?? {});
    if (!parsed.success) {
      debugLog("extensions", `ignored notification '${method}': ${describeIssue(parsed.error)}`);
      record(false, `invalid params: ${describeIssue(parsed.error)}`);
      return;
    }
    record(true);
    try {
      spec.handle(parsed.data, this.context(method, raw, host, new AbortController().signal));
    } catch (error) {
      debugLog("extensions", `notification '${method}' handler failed: ${errorMessage(error)}`);
    }
  }

  private context(
    method: string,
    raw: unknown,
    host: ExtensionHost,
    signal: AbortSignal,
  ): DialectContext {
    return {
      connection: host.context,
      method,
      signal,
      state: this.state,
      emit: (event) => host.emit(event, raw),
      newQuestionId: () => `q_${randomUUID()}`,
      ask: async (request) => {
        host.emit({ type: "question", phase: "asked", request }, raw);
        const answer = await this.ask(request, host.context, signal);
        host.emit({ type: "question", phase: "answered", request, answer }, raw);
        return answer;
      },
    };
  }
}

/** Canonical ACP: accepts no extension method at all. */
export const canonicalRouter: ExtensionRouter = new DialectRouter({
  name: "canonical",
  requests: {},
  notifications: {},
});

function wire(error: RequestError): { code: number; message: string; data?: unknown } {
  return { code: error.code, message: error.message, ...(error.data ? { data: error.data } : {}) };
}

function fieldOf(issue: z.core.$ZodIssue | undefined): string {
  return issue && issue.path.length ? issue.path.map(String).join(".") : "(params)";
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${fieldOf(issue)}: ${issue?.message ?? "invalid"}`;
}

function badParams(method: string, error: z.ZodError): RequestError {
  const issue = error.issues[0];
  return RequestError.invalidParams(
    {
      method,
      field: fieldOf(issue),
      issues: error.issues
        .slice(0, 5)
        .map((i) => ({ path: i.path.map(String), message: i.message })),
    },
    `${method} ${describeIssue(error)}`,
  );
}
