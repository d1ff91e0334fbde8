import type { AgentEntry } from "../config/agentSchema.js";
import { modeAllowed } from "../policy/modeRisk.js";
import type { Policy } from "../policy/policyTypes.js";
import type { StartedSession } from "../sessions/sessionGuard.js";
import { AcpgateError, errorMessage } from "../util/errors.js";

/**
 * A resumed (or loaded) session goes back to the mode it was recorded in, or it does not run:
 * never a silent mode change. It takes the place of aligning the mode to the posture, which
 * could pick another mode than the one the session was left in. The mode must still be
 * offered by the agent and allowed under the policy (the `modes:` map may have changed).
 * Failures are `resume_refused` (exit 4 for `run`).
 */
export async function restoreMode(
  session: StartedSession,
  entry: Pick<AgentEntry, "modes">,
  policy: Policy,
  modeId: string,
): Promise<void> {
  const view = session.modes.state;
  const refuse = (why: string, cause?: unknown): never => {
    throw new AcpgateError(
      "resume_refused",
      `cannot restore mode '${modeId}' of the resumed session: ${why}`,
      {
        agentId: session.agentId,
        modeId,
        current: view.currentModeId ?? null,
        offered: view.available.map((m) => m.id),
        policy: policy.name,
      },
      cause === undefined ? undefined : { cause },
    );
  };
  // Allowed first: an agent that comes back already in a mode the policy no longer allows
  // must not run in it either.
  if (!modeAllowed(entry.modes, modeId, policy.posture)) {
    refuse(
      `it is not allowed under policy '${policy.name}' (${policy.posture}) by the agent's modes: map`,
    );
  }
  if (view.currentModeId === modeId) return;
  const offered = view.available.map((m) => m.id);
  if (view.via === "none" || !offered.includes(modeId)) {
    refuse(
      `agent '${session.agentId}' ${offered.length ? `offers only ${offered.join(", ")}` : "offers no modes"}`,
    );
  }
  await session
    .setMode(modeId)
    .catch((error: unknown) =>
      refuse(`agent '${session.agentId}' refused it: ${errorMessage(error)}`, error),
    );
}
