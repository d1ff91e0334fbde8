/**
 * Local errors: things that went wrong on acpgate's side of the wire. They carry a stable
 * string `code` that surfaces map to exit codes, HTTP problem details or JSON-RPC errors.
 * Wire errors from the agent stay `RequestError` (numeric codes) from the SDK.
 */
export type ErrorCode =
  | "usage"
  | "config_invalid"
  | "config_not_found"
  | "agent_unknown"
  | "agent_spawn_failed"
  | "agent_exited"
  | "agent_protocol_error"
  | "agent_error"
  | "connection_closed"
  | "request_timeout"
  | "request_aborted"
  | "capability_missing"
  | "sandbox_unavailable"
  | "mode_unknown"
  | "mcp_server_unavailable"
  | "secret_missing"
  | "session_state"
  | "session_not_found"
  | "load_unsupported"
  | "resume_refused"
  | "timeout"
  | "cancelled"
  | "policy_refused"
  | "protected_path_changed"
  | "extension_refused"
  | "question_not_found"
  | "audit_failed"
  | "audit_unavailable"
  | "replica_lost"
  | "internal";

export class AcpgateError extends Error {
  override readonly name = "AcpgateError";
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isAcpgateError(error: unknown, code?: ErrorCode): error is AcpgateError {
  return error instanceof AcpgateError && (code === undefined || error.code === code);
}

/** A message for any thrown value, for people to read. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "object" && error !== null && "message" in error) {
    return String(error.message);
  }
  return String(error);
}
