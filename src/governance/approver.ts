import type { Decision, PolicyRequest, Verdict } from "../policy/policyTypes.js";

/** What a person is asked when policy says `ask`. */
export interface ApprovalRequest {
  sessionId: string;
  agentId: string;
  /** The request as policy read it (kinds, resolved paths, command). */
  request: PolicyRequest;
  /** The `ask` decision: which rule asked and why. */
  decision: Decision;
  title: string;
  toolCallId?: string;
  /** Option kinds the agent offered (permission requests only). */
  optionKinds?: string[];
  /** The permission request's id in the session's events and audit (`permission_asked`). */
  requestId?: string;
}

/**
 * Someone who can answer `ask` (a portal user, an editor): resolves with a verdict whose
 * `decidedBy` names them. Rejects or aborts with `signal` when the turn is cancelled.
 * Unattended sessions have none: `ask` then follows the policy's `unattendedAsk`.
 */
export interface Approver {
  ask(request: ApprovalRequest, signal: AbortSignal): Promise<ApproverVerdict>;
}

/** A person's answer: a Verdict whose rule, when they name none, is the rule that asked. */
export type ApproverVerdict = Omit<Verdict, "ruleId"> & { ruleId?: string };
