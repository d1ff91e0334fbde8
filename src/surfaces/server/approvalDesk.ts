import { randomUUID } from "node:crypto";
import type { ApprovalRequest, Approver, ApproverVerdict } from "../../governance/approver.js";
import { Emitter } from "../../util/emitter.js";
import { HttpProblem } from "./httpProblem.js";

/** A permission request waiting for a person, as the API lists it. */
export interface PendingApproval {
  /** Minted here: never the agent's JSON-RPC id. */
  id: string;
  sessionId: string;
  agentId: string;
  /** The request's id in the session's events (`permission_asked`) and audit records. */
  permissionRequestId?: string;
  title: string;
  toolCallId?: string;
  kinds: string[];
  paths: string[];
  command?: string;
  /** The rule that asked, and why. */
  ruleId: string;
  reason: string;
  optionKinds: string[];
  askedAt: string;
  expiresAt: string;
}

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
  readonly changes = new Emitter<{ change: "asked" | "resolved"; approval: PendingApproval }>();
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
      const done = (): void => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        this.entries.delete(approval.id);
        this.changes.emit({ change: "resolved", approval });
      };
      const timer = setTimeout(() => {
        done();
        resolve({
          outcome: "reject",
          reason: `nobody decided within ${Math.round(this.timeoutMs / 1000)} s`,
          decidedBy: "timeout",
        });
      }, this.timeoutMs);
      timer.unref();
      const onAbort = (): void => {
        done();
        reject(
          signal.reason instanceof Error ? signal.reason : new Error("the turn was cancelled"),
        );
      };
      this.entries.set(approval.id, {
        approval,
        settle: (verdict) => {
          done();
          resolve(verdict);
        },
      });
      this.changes.emit({ change: "asked", approval });
      if (signal.aborted) onAbort();
      else signal.addEventListener("abort", onAbort, { once: true });
    });
  }
}
