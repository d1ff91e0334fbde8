import {
  LOOK_KINDS,
  WRITE_KINDS,
  type Decision,
  type PolicyRequest,
  type Policy,
} from "./policyTypes.js";

/**
 * What a posture says when no rule matched. Every reading of the request is judged and the
 * strictest answer wins (reject > ask > allow).
 * - read-only: looking (read, search, think) inside the allowed roots; everything else refused.
 * - workspace-write: looking, and edit/delete/move inside the allowed roots (protected paths
 *   were refused before); execute, fetch and anything else asks.
 */
export function postureDefault(request: PolicyRequest, policy: Policy): Decision {
  const ruleId = `posture:${policy.posture}`;
  const outsideLook = request.paths.find((p) => !p.inside);
  let worst: Decision | undefined;
  for (const kind of request.kinds) {
    const answer = judge(kind);
    if (!worst || severity(answer.outcome) > severity(worst.outcome)) worst = answer;
  }
  return worst ?? { outcome: "reject", ruleId, reason: "the request names no kind" };

  function judge(kind: PolicyRequest["kinds"][number]): Decision {
    if (LOOK_KINDS.includes(kind)) {
      if (request.pathsUnknown)
        return { outcome: "reject", ruleId, reason: `${kind} of a path that cannot be determined` };
      if (outsideLook)
        return {
          outcome: "reject",
          ruleId: `${ruleId}:outside-roots`,
          reason: `${kind} of ${shown(outsideLook)} is outside the allowed roots`,
        };
      return { outcome: "allow", ruleId, reason: `${kind} inside the allowed roots` };
    }
    if (kind === "switch_mode")
      return { outcome: "allow", ruleId, reason: "the mode asked for is within the posture" };
    if (policy.posture === "read-only")
      return { outcome: "reject", ruleId, reason: `${kind} is refused in a read-only session` };
    if (WRITE_KINDS.includes(kind))
      return { outcome: "allow", ruleId, reason: `${kind} inside the allowed roots` };
    return {
      outcome: "ask",
      ruleId,
      reason: `${kind} needs approval in a workspace-write session`,
    };
  }
}

function severity(outcome: Decision["outcome"]): number {
  return outcome === "reject" ? 2 : outcome === "ask" ? 1 : 0;
}

/** A path as the agent wrote it, and where it really is when that differs (a symlink). */
function shown(fact: { raw: string; real: string }): string {
  return fact.raw === fact.real ? fact.raw : `${fact.raw} (${fact.real})`;
}
