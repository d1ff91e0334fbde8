import type { Posture } from "./policyTypes.js";

/**
 * Agent modes mapped to risk. An agent entry's `modes:` says which posture each of the
 * agent's modes stands for (claude `plan` = read-only). A mode not in the map is of unknown
 * risk and ranks above every posture: acpgate never switches to it, nor lets the agent.
 */
const RANK: Record<Posture, number> = { "read-only": 0, "workspace-write": 1 };

export function modeRank(modes: Readonly<Record<string, Posture>>, modeId: string): number {
  const posture = Object.hasOwn(modes, modeId) ? modes[modeId] : undefined;
  return posture ? RANK[posture] : Number.POSITIVE_INFINITY;
}

/** Whether a session in `posture` may be in mode `modeId`. */
export function modeAllowed(
  modes: Readonly<Record<string, Posture>>,
  modeId: string,
  posture: Posture,
): boolean {
  return modeRank(modes, modeId) <= RANK[posture];
}

/**
 * The mode to put the agent in for `posture`, among the modes it offers: one mapped to the
 * posture itself, else the riskiest mapped below it. Undefined when none fits.
 */
export function modeForPosture(
  modes: Readonly<Record<string, Posture>>,
  available: readonly string[],
  posture: Posture,
): string | undefined {
  const fitting = available
    .filter((id) => modeAllowed(modes, id, posture))
    .sort((a, b) => modeRank(modes, b) - modeRank(modes, a));
  return fitting[0];
}
