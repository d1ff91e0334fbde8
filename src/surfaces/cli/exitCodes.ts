import type { ErrorCode } from "../../util/errors.js";

/** `acpgate run` exit codes (aligned with acpx where the meaning is the same). */
export const EXIT = {
  ok: 0,
  runtime: 1,
  usage: 2,
  timeout: 3,
  refusedToStart: 4,
  permissionRefused: 5,
  stoppedEarly: 6,
  interrupted: 130,
} as const;

export function exitCodeForError(code: ErrorCode): number {
  switch (code) {
    case "usage":
    case "config_invalid":
    case "config_not_found":
    case "agent_unknown":
      return EXIT.usage;
    case "capability_missing":
    case "mcp_server_unavailable":
    case "secret_missing":
    case "resume_refused":
      return EXIT.refusedToStart;
    case "policy_refused":
      return EXIT.permissionRefused;
    case "timeout":
      return EXIT.timeout;
    case "cancelled":
      return EXIT.interrupted;
    default:
      return EXIT.runtime;
  }
}

export interface TurnOutcome {
  stopReason: string;
  permissionsAllowed: number;
  permissionsRejected: number;
  timedOut: boolean;
  interrupted: boolean;
}

export function exitCodeForTurn(outcome: TurnOutcome): number {
  if (outcome.timedOut) return EXIT.timeout;
  if (outcome.interrupted || outcome.stopReason === "cancelled") return EXIT.interrupted;
  if (["max_tokens", "max_turn_requests", "refusal"].includes(outcome.stopReason))
    return EXIT.stoppedEarly;
  if (outcome.permissionsRejected > 0 && outcome.permissionsAllowed === 0)
    return EXIT.permissionRefused;
  return EXIT.ok;
}
