import { RequestError, type RequestPermissionRequest } from "@agentclientprotocol/sdk";
import type { RequestPermissionResponse } from "@agentclientprotocol/sdk";
import type { Verdict } from "../policy/policyTypes.js";
import type { GuardContext } from "../sessions/sessionGuard.js";
import { AcpgateError, errorMessage, isAcpgateError } from "../util/errors.js";
import type { Guard, PermissionAsk } from "./guard.js";
import { answerFor, cancelledAnswer } from "./permissionAnswer.js";
import { permissionView } from "./requestView.js";

const CANCELLED = Symbol("cancelled");

/**
 * `session/request_permission` for one session, the only place a request is read: mint its
 * id, build the policy view once, let the chain decide (racing a cancel of the turn), derive
 * the answer once, and let the chain record it. The agent hears the answer only after the
 * chain has taken it (the audit's `decided` record), in every branch, cancel included.
 */
export class PermissionRequests {
  private seq = 0;
  private readonly pending = new Set<AbortController>();

  constructor(private readonly chain: Guard) {}

  async handle(
    params: RequestPermissionRequest,
    context: GuardContext,
    signal: AbortSignal,
  ): Promise<RequestPermissionResponse> {
    const id = `perm_${context.sessionId.slice(4, 12)}_${++this.seq}`;
    const toolCallId = params.toolCall.toolCallId;
    const announced = context.toolCall(toolCallId);
    const view = permissionView(params, announced, this.chain.workspaceRoots(), context.agentId);
    const ask: PermissionAsk = { id, params, announced, view };
    context.emit(
      {
        type: "permission_asked",
        requestId: id,
        toolCallId,
        title: view.title ?? "",
        kind: params.toolCall.kind ?? announced?.kind ?? "other",
        kinds: [...view.kinds],
        paths: view.paths.map((p) => p.raw),
        ...(view.command !== undefined ? { command: view.command } : {}),
        announced: announced !== undefined,
        options: params.options.map((o) => ({ kind: o.kind, name: o.name })),
      },
      { jsonrpc: "2.0", method: "session/request_permission", params },
    );
    const verdict = await this.decide(ask, context, signal);
    const answer = verdict === CANCELLED ? cancelledAnswer() : answerFor(params, verdict);
    try {
      await this.chain.permissionAnswered(ask, answer, context);
    } catch (error) {
      // Nothing is answered that was not recorded: the session ends, the agent hears an error.
      const failure = isAcpgateError(error)
        ? error
        : new AcpgateError(
            "audit_unavailable",
            `the decision could not be recorded: ${errorMessage(error)}`,
          );
      context.fail(failure);
      throw RequestError.internalError({ code: failure.code }, failure.message);
    }
    context.emit({
      type: "permission_decided",
      requestId: id,
      toolCallId,
      outcome: answer.outcome,
      ...(answer.optionKind ? { optionKind: answer.optionKind } : {}),
      ...(answer.ruleId ? { ruleId: answer.ruleId } : {}),
      reason: answer.reason,
      decidedBy: answer.decidedBy,
    });
    return answer.response;
  }

  /** MUST answer every pending request `cancelled` after session/cancel. */
  cancelAll(): void {
    for (const controller of this.pending) controller.abort(CANCELLED);
    this.pending.clear();
  }

  /** The chain's verdict, or CANCELLED when the turn is cancelled first (the chain is told by its signal). */
  private async decide(
    ask: PermissionAsk,
    context: GuardContext,
    signal: AbortSignal,
  ): Promise<Verdict | typeof CANCELLED> {
    const controller = new AbortController();
    const onAbort = (): void => controller.abort(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    this.pending.add(controller);
    const cancelled = new Promise<typeof CANCELLED>((resolve) =>
      controller.signal.addEventListener("abort", () => {
        if (controller.signal.reason === CANCELLED) resolve(CANCELLED);
      }),
    );
    try {
      const decision = this.chain.decidePermission(ask, context, controller.signal);
      decision.catch(() => undefined);
      return await Promise.race([decision, cancelled]);
    } catch (error) {
      // Fail closed, and on the record: a chain that cannot decide refuses.
      return {
        outcome: "reject",
        ruleId: "error",
        reason: `the request could not be decided: ${errorMessage(error)}`,
        decidedBy: "acpgate",
      };
    } finally {
      this.pending.delete(controller);
      signal.removeEventListener("abort", onAbort);
    }
  }
}
