import { randomUUID } from "node:crypto";
import type { ApprovalRequest, Approver, ApproverVerdict } from "../../governance/approver.js";
import { Emitter } from "../../util/emitter.js";
import type { ApprovalChange, ApprovalResolution, PendingApproval } from "./apiTypes.js";
import { HttpProblem } from "./httpProblem.js";

export type { PendingApproval } from "./apiTypes.js";

/** A person's decision through the API. */
export interface ApprovalDecision {
  decision: "allow" | "reject";
  scope?: "once" | "session";
  reason: string;
  /** The deciding token's principal (`token:alice`): recorded as the approver. */
  principal: string;
  /** The HTTP request that carried the decision: recorded with it. */
  requestId?: string;
}

interface Entry {
  approval: PendingApproval;
  settle: (verdict: ApproverVerdict) => void;
}

/**
 * The approver of every API session: an `ask` becomes a pending approval with its own id and
 * waits for a person until `timeoutMs`, then is rejected. A cancelled turn (its signal)
 * removes it; the session's guard answers the agent `cancelled`.
 */
export class ApprovalDesk {
  /** Every approval asked and resolved, as `GET /api/permission-requests/events` streams them. */
  readonly changes = new Emitter<ApprovalChange>();
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly timeoutMs: number) {}

  readonly approver: Approver = {
    ask: (request, signal) => this.ask(request, signal),
  };

  list(filter: { sessionId?: string } = {}): PendingApproval[] {
    return [...this.entries.values()]
      .map((e) => e.approval)
      .filter((a) => filter.sessionId === undefined || a.sessionId === filter.sessionId);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Hands a person's decision to the waiting session; 404 when it is no longer pending. */
  decide(id: string, decision: ApprovalDecision): PendingApproval {
    const entry = this.entries.get(id);
    if (!entry)
      throw new HttpProblem(
        404,
        "permission_request_not_found",
        `no pending permission request '${id}'`,
        { id },
      );
    entry.settle({
      outcome: decision.decision,
      reason: decision.reason,
      decidedBy: decision.principal,
      scope: decision.scope === "session" ? "always" : "once",
      ...(decision.requestId ? { httpRequestId: decision.requestId } : {}),
    });
    return entry.approval;
  }

  private ask(request: ApprovalRequest, signal: AbortSignal): Promise<ApproverVerdict> {
    const now = Date.now();
    const approval: PendingApproval = {
      id: `preq_${randomUUID()}`,
      sessionId: request.sessionId,
      agentId: request.agentId,
      ...(request.requestId !== undefined ? { permissionRequestId: request.requestId } : {}),
      title: request.title,
      ...(request.toolCallId !== undefined ? { toolCallId: request.toolCallId } : {}),
      kinds: [...request.request.kinds],
      paths: request.request.paths.map((p) => p.raw),
      ...(request.request.command !== undefined ? { command: request.request.command } : {}),
      ruleId: request.decision.ruleId,
      reason: request.decision.reason,
      optionKinds: request.optionKinds ?? [],
      askedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + this.timeoutMs).toISOString(),
    };
    return new Promise<ApproverVerdict>((resolve, reject) => {
      const done = (resolution: ApprovalResolution): void => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        this.entries.delete(approval.id);
        this.changes.emit({ change: "resolved", approval, resolution });
      };
      const finish = (verdict: ApproverVerdict): void => {
        done({
          outcome: verdict.outcome,
          reason: verdict.reason,
          ...(verdict.decidedBy !== undefined ? { decidedBy: verdict.decidedBy } : {}),
        });
        resolve(verdict);
      };
      const timer = setTimeout(() => {
        finish({
          outcome: "reject",
          reason: `nobody decided within ${Math.round(this.timeoutMs / 1000)} s`,
          decidedBy: "timeout",
        });
      }, this.timeoutMs);
      timer.unref();
      const onAbort = (): void => {
        done({ outcome: "cancelled", reason: "the turn was cancelled or the session closed" });
        reject(
          signal.reason instanceof Error ? signal.reason : new Error("the turn was cancelled"),
        );
      };
      this.entries.set(approval.id, { approval, settle: finish });
      this.changes.emit({ change: "asked", approval });
      if (signal.aborted) onAbort();
      else signal.addEventListener("abort", onAbort, { once: true });
    });
  }
}
