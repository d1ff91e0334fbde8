import type { PermissionStats } from "../../sessions/session.js";
import { AcpgateError, errorMessage } from "../../util/errors.js";
import { EXIT, exitCodeForError, exitCodeForTurn } from "./exitCodes.js";
import type { RunStopper } from "./runStopper.js";

export interface RunOutcome {
  exitCode: number;
  /** One line saying why, on every non-zero exit (printed as `acpgate: …`, and in run_finished). */
  reason?: string;
  /** Set when the run ended by an error, a timeout or a signal: a stable code and the message. */
  error?: { code: string; message: string };
}

export interface RunEnd {
  /** What the run threw, when it did not end with a turn. */
  failure?: unknown;
  /** How the turn ended, when it did. */
  stopReason?: string;
  stats?: PermissionStats;
  stopper?: RunStopper;
}

/**
 * The exit code of a run and the one line that explains it. A timeout or a signal acpgate
 * acted on explains the run whatever the agent or the session said afterwards (a cancelled
 * turn, a connection closed by the kill).
 */
export function runOutcome(end: RunEnd): RunOutcome {
  const stopError = end.stopper?.error();
  if (end.failure !== undefined || end.stopReason === undefined) {
    const error = stopError ?? end.failure;
    const code = error instanceof AcpgateError ? exitCodeForError(error.code) : EXIT.runtime;
    const message = errorMessage(error);
    return {
      exitCode: code,
      reason: message,
      error: { code: error instanceof AcpgateError ? error.code : "internal", message },
    };
  }
  const stats = end.stats ?? { permissionsAllowed: 0, permissionsRejected: 0 };
  const exitCode = exitCodeForTurn({
    stopReason: end.stopReason,
    permissionsAllowed: stats.permissionsAllowed,
    permissionsRejected: stats.permissionsRejected,
    timedOut: end.stopper?.timedOut ?? false,
    interrupted: end.stopper?.interrupted ?? false,
  });
  if (stopError && (exitCode === EXIT.timeout || exitCode === EXIT.interrupted)) {
    return {
      exitCode,
      reason: stopError.message,
      error: { code: stopError.code, message: stopError.message },
    };
  }
  const reason = turnReason(exitCode, end.stopReason, stats.permissionsRejected);
  return reason === undefined ? { exitCode } : { exitCode, reason };
}

function turnReason(code: number, stopReason: string, rejected: number): string | undefined {
  switch (code) {
    case EXIT.ok:
      return undefined;
    case EXIT.stoppedEarly:
      return `the agent stopped the turn early: ${stopReason}`;
    case EXIT.permissionRefused:
      return `${rejected === 1 ? "a permission was" : `${rejected} permissions were`} refused by policy and nothing was approved${stopReason === "end_turn" ? "" : ` (the agent then ended its turn: ${stopReason})`}`;
    case EXIT.interrupted:
      return `the agent cancelled the turn itself (stopReason ${stopReason})`;
    default:
      return `the turn ended with stopReason ${stopReason}`;
  }
}
