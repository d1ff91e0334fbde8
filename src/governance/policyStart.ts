import { missingCapabilities } from "../agents/capabilities.js";
import type { AgentEntry } from "../config/agentSchema.js";
import { modeAllowed, modeForPosture } from "../policy/modeRisk.js";
import type { Policy } from "../policy/policyTypes.js";
import { AcpgateError } from "../util/errors.js";
import type { StartedSession } from "../sessions/sessionGuard.js";
import { modeNotice } from "./modeNotice.js";
import { restoreMode } from "./restoreMode.js";

/** Capabilities read off the session (its modes) rather than the initialize response. */
const SESSION_CAPABILITIES: Record<string, (s: StartedSession, e: ModeEntry) => boolean> = {
  modes: (s) => s.modes.state.via !== "none" && s.modes.state.available.length > 0,
  "read-only-mode": (s, e) =>
    s.modes.state.available.some((m) => modeAllowed(e.modes, m.id, "read-only")),
};

type ModeEntry = Pick<AgentEntry, "modes" | "fileAccess">;

/** The `require:` names of a policy this session lacks (unknown names count as missing). */
export function missingForPolicy(
  policy: Policy,
  session: StartedSession,
  entry: ModeEntry,
): string[] {
  const init = session.initializeResponse;
  return policy.require.filter((name) => {
    const onSession = SESSION_CAPABILITIES[name];
    if (onSession) return !onSession(session, entry);
    return init ? missingCapabilities([name], init).length > 0 : true;
  });
}

/**
 * Puts the agent in the mode of the policy's posture when its `modes:` map names one the
 * agent offers. Returns the mode set, or undefined when none was (already in it, or none fits).
 */
export async function alignMode(
  session: StartedSession,
  entry: ModeEntry,
  policy: Policy,
): Promise<string | undefined> {
  const view = session.modes.state;
  if (view.via === "none") return undefined;
  const target = modeForPosture(
    entry.modes,
    view.available.map((m) => m.id),
    policy.posture,
  );
  if (target === undefined || target === view.currentModeId) return undefined;
  await session.setMode(target);
  return target;
}

/**
 * At session start: assert the policy's `require:`, align the agent's mode (or restore a
 * resumed session's recorded one), and check that a read-only posture can actually be
 * enforced when nobody is watching — by the OS sandbox, a read-only mode, or because the
 * agent writes only through the client — unless the policy accepts `enforcement: permission-only`. Failures
 * are `capability_missing` (exit 4 for `run`); a mode that cannot be restored is
 * `resume_refused` (exit 4).
 */
export async function applyPolicyAtStart(
  session: StartedSession,
  entry: ModeEntry,
  policy: Policy,
  unattended: boolean,
  /** A resumed session's recorded mode: restored instead of aligned (see restoreMode.ts). */
  recordedMode?: string,
  /** The OS sandbox holds the posture: no read-only mode is needed. */
  sandboxed = false,
): Promise<void> {
  const missing = missingForPolicy(policy, session, entry);
  if (missing.length) {
    throw new AcpgateError(
      "capability_missing",
      `agent '${session.agentId}' lacks capability ${missing.map((m) => `'${m}'`).join(", ")} required by policy '${policy.name}'`,
      { agentId: session.agentId, missing, requiredBy: "policy", policy: policy.name },
    );
  }
  if (recordedMode !== undefined) await restoreMode(session, entry, policy, recordedMode);
  else {
    const from = session.modes.state.currentModeId;
    const set = await alignMode(session, entry, policy);
    if (set !== undefined)
      session.emit(modeNotice(session.agentId, entry.modes, from, set, policy));
  }
  if (
    sandboxed ||
    !unattended ||
    policy.posture !== "read-only" ||
    policy.enforcement === "permission-only"
  )
    return;
  const current = session.modes.state.currentModeId;
  const inReadOnlyMode = current !== undefined && modeAllowed(entry.modes, current, "read-only");
  if (inReadOnlyMode || entry.fileAccess === "client") return;
  const offered = session.modes.state.available.map((m) => m.id);
  throw new AcpgateError(
    "capability_missing",
    `agent '${session.agentId}' cannot be held read-only under policy '${policy.name}': ` +
      `it has no mode mapped to read-only (${offered.length ? `modes offered: ${offered.join(", ")}` : "it offers no modes"}) ` +
      `and may write files itself. Map a read-only mode in the agent's 'modes:', declare ` +
      `'fileAccess: client' if it writes only through the client, or set ` +
      `'enforcement: permission-only' on the policy to rely on permission answers alone.`,
    {
      agentId: session.agentId,
      missing: ["read-only-mode"],
      requiredBy: "policy",
      policy: policy.name,
    },
  );
}
