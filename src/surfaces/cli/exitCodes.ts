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
    case "sandbox_unavailable":
    case "mode_unknown":
    case "mcp_server_unavailable":
    case "secret_missing":
    case "resume_refused":
      return EXIT.refusedToStart;
    case "policy_refused":
    case "protected_path_changed":
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
  /** acpgate ended the turn because `--timeout` passed. */
  timedOut: boolean;
  /** acpgate itself cancelled the turn (a signal); never the agent's own `cancelled`. */
  interrupted: boolean;
}

/**
 * The exit code of a turn that ended with an answer. What acpgate did comes first (timeout,
 * interruption); then how the agent stopped. A `cancelled` the agent chose on its own after a
 * refusal is the refusal (codex answers a reject by aborting its turn): exit 5, not 130.
 */
export function exitCodeForTurn(outcome: TurnOutcome): number {
  if (outcome.timedOut) return EXIT.timeout;
  if (outcome.interrupted) return EXIT.interrupted;
  if (STOPPED_EARLY.includes(outcome.stopReason)) return EXIT.stoppedEarly;
  if (outcome.permissionsRejected > 0 && outcome.permissionsAllowed === 0)
    return EXIT.permissionRefused;
  if (outcome.stopReason === "cancelled") return EXIT.interrupted;
  return EXIT.ok;
}

/** Stop reasons that mean the agent gave up before finishing (exit 6). */
export const STOPPED_EARLY: readonly string[] = ["max_tokens", "max_turn_requests", "refusal"];
