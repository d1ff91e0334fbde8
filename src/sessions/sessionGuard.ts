import type { ClientCapabilities, InitializeResponse } from "@agentclientprotocol/sdk";
import type { ClientMethods } from "../protocol/clientMethods.js";
import type { AcpgateError } from "../util/errors.js";
import type { Disposable } from "../util/emitter.js";
import type { SessionEvent, SessionEventBody } from "./events.js";
import type { ModeViewState } from "./modeView.js";
import type { ToolCallState } from "./toolCallTracker.js";

/** What a guard knows of the session it guards. Immutable facts plus an event sink. */
export interface GuardContext {
  readonly sessionId: string;
  readonly agentId: string;
  readonly cwd: string;
  /** The announced tool call, if the agent announced it (codex asks before announcing). */
  toolCall(toolCallId: string): ToolCallState | undefined;
  emit(event: SessionEventBody, raw?: unknown): void;
  /** Ends the session with a local error (fail closed: the audit is down, policy says fail). */
  fail(error: AcpgateError): void;
}

/** What a guard may see and do once the session has started: modes, events, ending it. */
export interface StartedSession {
  readonly id: string;
  readonly agentId: string;
  readonly initializeResponse: InitializeResponse | undefined;
  readonly modes: { readonly state: ModeViewState };
  setMode(modeId: string): Promise<void>;
  kill(reason: AcpgateError): Promise<void>;
  emit(event: SessionEventBody): void;
  on(listener: (event: SessionEvent) => void): Disposable;
}

/**
 * Everything the agent may do through the client passes here: every served client method
 * (permission requests, `fs/*`, `terminal/*`) with the session's context. The session only
 * forwards; governance implements it (policy, audit, approvals). Refusals throw a
 * `RequestError` the agent understands.
 */
export interface SessionGuard extends ClientMethods<GuardContext> {
  /** Client capabilities to advertise: only as far as the guard will serve them. */
  clientCapabilities(): ClientCapabilities;
  /**
   * Called once session/new (load, resume) succeeded, before the first prompt: set the
   * agent's mode, assert what the policy requires. Throwing fails the start.
   */
  sessionStarted(session: StartedSession): Promise<void>;
  /** Asked before acpgate sets the agent's mode (a surface, a promotion); throws to refuse. */
  authorizeModeChange(modeId: string): void;
  /** The turn was cancelled: every pending permission request MUST be answered `cancelled`. */
  turnCancelled(): void;
  /** Releases what the guard holds for the session (terminals). */
  dispose(): Promise<void>;
}
