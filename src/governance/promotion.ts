import { AcpgateError } from "../util/errors.js";
import { policyControlOf } from "./guardRegistry.js";
import type { StartedSession } from "../sessions/sessionGuard.js";

export interface PromotionRequest {
  /** The policy to move to (`workspace-write`, or any configured policy). */
  to: string;
  /** Who asked: a user id, a token's subject, `cli`. */
  actor: string;
  reason: string;
}

export interface PromotionResult {
  from: string;
  to: string;
  posture: string;
  modeId?: string;
}

/**
 * Moves a started session to another policy — the only way a read-only session gains
 * write access. It needs an actor and a reason, takes effect for every later decision,
 * sets the agent's mode to match the new posture, and is recorded as a `promotion` event.
 * Client capabilities advertised at initialize do not change.
 */
export async function promote(
  session: StartedSession,
  request: PromotionRequest,
): Promise<PromotionResult> {
  const actor = request.actor.trim();
  const reason = request.reason.trim();
  if (!actor || !reason) {
    throw new AcpgateError("usage", "a promotion needs an actor and a reason", {
      sessionId: session.id,
    });
  }
  const control = policyControlOf(session);
  if (!control) {
    throw new AcpgateError(
      "session_state",
      `session '${session.id}' has no policy guard (not started, or started without policy)`,
      { sessionId: session.id },
    );
  }
  const result = await control.switchPolicy(request.to);
  session.emit({ type: "promotion", ...result, actor, reason });
  return result;
}
