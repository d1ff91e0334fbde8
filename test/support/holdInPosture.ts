import { modeForPosture } from "../../src/policy/modeRisk.js";
import type { Posture } from "../../src/policy/policyTypes.js";
import type { StartedSession } from "../../src/sessions/sessionGuard.js";

/**
 * What a policy does at session start (src/governance/policyStart.ts), for tests whose guard
 * stands in for one: puts the agent in the mode its entry maps to `posture`. Agents that start
 * in a mode that asks nothing (claude-agent-acp 0.101 starts in `auto`) need it before a turn.
 * Returns the mode the agent is in afterwards.
 */
export async function holdInPosture(
  session: StartedSession,
  modes: Readonly<Record<string, Posture>>,
  posture: Posture,
): Promise<string | undefined> {
  const view = session.modes.state;
  const target = modeForPosture(
    modes,
    view.available.map((m) => m.id),
    posture,
  );
  if (target !== undefined && target !== view.currentModeId) await session.setMode(target);
  return session.modes.state.currentModeId;
}
