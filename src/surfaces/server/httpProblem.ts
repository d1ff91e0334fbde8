import type { ErrorCode } from "../../util/errors.js";
import { AcpgateError } from "../../util/errors.js";

/** Codes only the HTTP surface raises (the local ErrorCode family covers the rest). */
export type HttpProblemCode =
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "invalid_body"
  | "invalid_query"
  | "body_too_large"
  | "permission_request_not_found"
  | "draining"
  | "session_lost"
  | "replica_timeout";

/** An error the HTTP surface raises itself, with its status. */
export class HttpProblem extends Error {
  override readonly name = "HttpProblem";
  constructor(
    readonly status: number,
    readonly code: HttpProblemCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** RFC 9457 problem details, plus the stable `code` clients switch on. */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  [extra: string]: unknown;
}

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Content Too Large",
  422: "Unprocessable Content",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** The one table from a local error code to an HTTP status. */
export function statusForCode(code: ErrorCode): number {
  switch (code) {
    case "usage":
    case "config_invalid":
    case "mode_unknown":
      return 400;
    case "agent_unknown":
    case "session_not_found":
    case "question_not_found":
    case "config_not_found":
      return 404;
    case "session_state":
    case "load_unsupported":
    case "resume_refused":
    case "replica_lost":
      return 409;
    case "policy_refused":
    case "protected_path_changed":
    case "capability_missing":
    case "sandbox_unavailable":
    case "mcp_server_unavailable":
    case "secret_missing":
    case "extension_refused":
      return 422;
    case "agent_spawn_failed":
    case "agent_exited":
    case "agent_protocol_error":
    case "agent_error":
    case "connection_closed":
      return 502;
    case "audit_failed":
    case "audit_unavailable":
      return 503;
    case "timeout":
    case "request_timeout":
      return 504;
    default:
      return 500;
  }
}

/** Any thrown value as problem details: local and HTTP errors keep their code, others are internal. */
export function problemOf(error: unknown): ProblemDetails {
  if (error instanceof HttpProblem)
    return problem(error.status, error.code, error.message, error.details);
  if (error instanceof AcpgateError)
    return problem(statusForCode(error.code), error.code, error.message, error.details);
  return problem(500, "internal", "internal error");
}

export function problem(
  status: number,
  code: string,
  detail: string,
  extra: Record<string, unknown> = {},
): ProblemDetails {
  return {
    ...extra,
    type: `urn:acpgate:problem:${code}`,
    title: TITLES[status] ?? "Error",
    status,
    detail,
    code,
  };
}
