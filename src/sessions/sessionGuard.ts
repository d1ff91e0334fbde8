import type {
  ClientCapabilities,
  InitializeResponse,
  CreateTerminalRequest,
  CreateTerminalResponse,
  KillTerminalRequest,
  ReadTextFileRequest,
  ReadTextFileResponse,
  ReleaseTerminalRequest,
  RequestPermissionRequest,
  TerminalOutputRequest,
  TerminalOutputResponse,
  WaitForTerminalExitRequest,
  WaitForTerminalExitResponse,
  WriteTextFileRequest,
} from "@agentclientprotocol/sdk";
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
  emit(event: SessionEventBody): void;
}

export interface PermissionVerdict {
  outcome: "allow" | "reject";
  /** `always` picks an `allow_always` option; only when policy says so. */
  scope?: "once" | "always";
  ruleId?: string;
  reason: string;
  /** `policy`, or the person who decided. */
  decidedBy: string;
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
 * The one place that decides what an agent may do through the client: permission requests,
 * `fs/*` and `terminal/*`. The session asks; the guard decides, records and serves.
 * Refusals throw a `RequestError` the agent understands.
 */
export interface SessionGuard {
  /** Client capabilities to advertise: only as far as the guard will serve them. */
  clientCapabilities(): ClientCapabilities;
  decidePermission(
    request: RequestPermissionRequest,
    context: GuardContext,
    signal: AbortSignal,
  ): Promise<PermissionVerdict>;
  readTextFile(params: ReadTextFileRequest, context: GuardContext): Promise<ReadTextFileResponse>;
  writeTextFile(params: WriteTextFileRequest, context: GuardContext): Promise<void>;
  createTerminal(
    params: CreateTerminalRequest,
    context: GuardContext,
  ): Promise<CreateTerminalResponse>;
  terminalOutput(
    params: TerminalOutputRequest,
    context: GuardContext,
  ): Promise<TerminalOutputResponse>;
  waitForTerminalExit(
    params: WaitForTerminalExitRequest,
    context: GuardContext,
    signal: AbortSignal,
  ): Promise<WaitForTerminalExitResponse>;
  killTerminal(params: KillTerminalRequest, context: GuardContext): Promise<void>;
  releaseTerminal(params: ReleaseTerminalRequest, context: GuardContext): Promise<void>;
  /** Releases what the guard holds for the session (terminals). */
  dispose(): Promise<void>;
  /**
   * Called once session/new (load, resume) succeeded, before the first prompt: set the
   * agent's mode, assert what the policy requires. Throwing fails the start.
   */
  sessionStarted?(session: StartedSession): Promise<void>;
  /** Asked before acpgate sets the agent's mode (a surface, a promotion); throws to refuse. */
  authorizeModeChange?(modeId: string): void;
}
