import type { RequestPermissionRequest, RequestPermissionResponse } from "@agentclientprotocol/sdk";
import type { SessionEventBody } from "./events.js";
import { answerFor, CANCELLED_RESPONSE, type PendingPermissions } from "./permissionBroker.js";
import type { GuardContext, SessionGuard } from "./sessionGuard.js";
import type { ToolCallTracker } from "./toolCallTracker.js";

export interface PermissionStats {
  permissionsAllowed: number;
  permissionsRejected: number;
  permissionsCancelled: number;
}

export interface PermissionRequestsDeps {
  sessionId: string;
  guard: SessionGuard;
  guardContext: GuardContext;
  tracker: ToolCallTracker;
  pending: PendingPermissions;
  stats: PermissionStats;
  emit(body: SessionEventBody, raw?: unknown): void;
}

/**
 * `session/request_permission` for one session: announce, let the guard decide (racing a
 * cancel of the turn), answer by option kind, and count what was decided.
 */
export class PermissionRequests {
  private seq = 0;

  constructor(private readonly deps: PermissionRequestsDeps) {}

  async handle(
    params: RequestPermissionRequest,
    signal: AbortSignal,
  ): Promise<RequestPermissionResponse> {
    const { deps } = this;
    // The audit guard numbers its records the same way, so records and events correlate.
    const requestId = `perm_${deps.sessionId.slice(4, 12)}_${++this.seq}`;
    const toolCallId = params.toolCall.toolCallId;
    const announced = deps.tracker.get(toolCallId);
    deps.emit(
      {
        type: "permission_asked",
        requestId,
        toolCallId,
        title: params.toolCall.title ?? announced?.title ?? "",
        kind: params.toolCall.kind ?? announced?.kind ?? "other",
        announced: announced !== undefined,
        options: params.options.map((o) => ({ kind: o.kind, name: o.name })),
      },
      { jsonrpc: "2.0", method: "session/request_permission", params },
    );
    const verdict = await deps.pending.race(
      deps.guard.decidePermission(params, deps.guardContext, signal),
    );
    if (verdict === "cancelled") {
      deps.stats.permissionsCancelled++;
      deps.emit({
        type: "permission_decided",
        requestId,
        toolCallId,
        outcome: "cancelled",
        reason: "turn cancelled",
        decidedBy: "client",
      });
      return CANCELLED_RESPONSE;
    }
    const { response, option } = answerFor(params, verdict);
    const outcome = option && verdict.outcome === "allow" ? "allow" : "reject";
    if (outcome === "allow") deps.stats.permissionsAllowed++;
    else deps.stats.permissionsRejected++;
    deps.emit({
      type: "permission_decided",
      requestId,
      toolCallId,
      outcome,
      ...(option ? { optionKind: option.kind } : {}),
      ...(verdict.ruleId ? { ruleId: verdict.ruleId } : {}),
      reason: verdict.reason,
      decidedBy: verdict.decidedBy,
    });
    return response;
  }
}
