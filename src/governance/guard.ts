import type { ClientCapabilities, RequestPermissionRequest } from "@agentclientprotocol/sdk";
import type { RequestPermissionResponse } from "@agentclientprotocol/sdk";
import type { PolicyRequest, Verdict } from "../policy/policyTypes.js";
import type { ClientMethods, WorkspaceMethod } from "../protocol/clientMethods.js";
import type { PermissionOutcome } from "../sessions/events.js";
import type { GuardContext, StartedSession } from "../sessions/sessionGuard.js";
import type { ToolCallState } from "../sessions/toolCallTracker.js";
import type { WorkspaceRoots } from "../workspace/pathFacts.js";

/** One permission request as the chain sees it: read once, judged and recorded as is. */
export interface PermissionAsk {
  /** acpgate's id: the session's events and the audit records carry this same one. */
  readonly id: string;
  readonly params: RequestPermissionRequest;
  /** The tool call as the agent announced it, if it did. */
  readonly announced: ToolCallState | undefined;
  /** The request as policy reads it (requestView.ts, the only reading). */
  readonly view: PolicyRequest;
}

/** What the agent is about to hear, derived once from the verdict (or the cancel). */
export interface PermissionAnswer {
  outcome: PermissionOutcome;
  /** The kind of the option chosen (never its id: Cursor says `allow-once`). */
  optionKind?: string;
  ruleId?: string;
  reason: string;
  decidedBy: string;
  scope?: "once" | "always";
  /** The HTTP request that carried a person's decision (Verdict.httpRequestId). */
  httpRequestId?: string;
  response: RequestPermissionResponse;
}

/**
 * The governance chain behind a session's guard: a policy guard at the bottom, decorators
 * (audit) above it. Decorators extend ForwardingGuard and override only what they change.
 */
export interface Guard extends ClientMethods<GuardContext, WorkspaceMethod> {
  clientCapabilities(): ClientCapabilities;
  /** Where paths resolve now (a promotion can change the roots). */
  workspaceRoots(): WorkspaceRoots;
  decidePermission(
    ask: PermissionAsk,
    context: GuardContext,
    signal: AbortSignal,
  ): Promise<Verdict>;
  /** Told the answer before the agent hears it; the answer waits for this (the audit records here). */
  permissionAnswered(
    ask: PermissionAsk,
    answer: PermissionAnswer,
    context: GuardContext,
  ): Promise<void>;
  sessionStarted(session: StartedSession): Promise<void>;
  authorizeModeChange(modeId: string): void;
  dispose(): Promise<void>;
}
