import { methodNotFound } from "./wireErrors.js";

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

/**
 * Where inbound requests and notifications that ACP does not define go, `_`-prefixed or not.
 * The router owns the allowlist; anything it does not accept answers -32601.
 */
export interface ExtensionRouter {
  handleRequest(
    method: string,
    params: unknown,
    context: ConnectionContext,
    signal: AbortSignal,
  ): Promise<unknown>;
  handleNotification(method: string, params: unknown, context: ConnectionContext): void;
}

/** Canonical ACP: accepts no extension method at all. */
export const canonicalRouter: ExtensionRouter = {
  async handleRequest(method) {
    throw methodNotFound(method);
  },
  handleNotification() {},
};
