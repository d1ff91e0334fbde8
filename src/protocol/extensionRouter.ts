import type { AcpgateError } from "../util/errors.js";
import type { ExtensionEventBody } from "./extensionEvents.js";

/** Immutable facts about the connection, handed to extension handlers; nothing private. */
export interface ConnectionContext {
  readonly agentId: string;
  readonly sessionId: string;
  readonly agentSessionId: string | undefined;
  readonly protocolVersion: number | undefined;
  readonly agentCapabilities: Readonly<Record<string, unknown>> | undefined;
  readonly agentInfo: Readonly<Record<string, unknown>> | undefined;
  /** True when nobody can answer a question (acpgate run). */
  readonly unattended: boolean;
}

/** What the session lends a router for one message. */
export interface ExtensionHost {
  readonly context: ConnectionContext;
  /** The agent's JSON-RPC id of the request being handled (absent for notifications). */
  readonly requestId?: string | number | null;
  /** Emits a normalised session event; `raw` is the ACP message it came from. */
  emit(event: ExtensionEventBody, raw?: unknown): void;
  /** Ends the session with a local error: the fail-closed answer on unattended surfaces. */
  fail(error: AcpgateError): void;
}

/**
 * Where inbound requests and notifications that ACP does not define go, `_`-prefixed or not.
 * The router owns the allowlist; anything it does not accept answers -32601.
 */
export interface ExtensionRouter {
  /** Resolves with the answer (`undefined` answers `{}`) or rejects with a `RequestError`. */
  handleRequest(
    method: string,
    params: unknown,
    host: ExtensionHost,
    signal: AbortSignal,
  ): Promise<unknown>;
  /** Never throws and never answers: notifications have no reply. */
  handleNotification(method: string, params: unknown, host: ExtensionHost): void;
  /** The turn was cancelled: withdraw what is still waiting (pending questions are declined). */
  cancelPending?(): void;
}
