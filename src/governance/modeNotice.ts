import type { Posture, Policy } from "../policy/policyTypes.js";
import type { SessionEventBody } from "../sessions/events.js";

/**
 * The notice for a mode acpgate set at session start because of the policy: both modes, what
 * each stands for in the agent's `modes:` map, and the policy's posture that chose. Said
 * beside the bare `mode_changed`, so a run under workspace-write that lands in a read-only
 * mode (or an agent that started in a riskier one) is not a surprise found later.
 */
export function modeNotice(
  agentId: string,
  modes: Readonly<Record<string, Posture>>,
  from: string | undefined,
  to: string,
  policy: Pick<Policy, "name" | "posture">,
): Extract<SessionEventBody, { type: "notice" }> {
  const stands = (id: string): string =>
    Object.hasOwn(modes, id) ? (modes[id] ?? "") : "not mapped: unknown risk";
  const started =
    from === undefined ? "reported no mode" : `started in mode '${from}' (${stands(from)})`;
  const why =
    modes[to] === policy.posture
      ? "the mode mapped to that posture"
      : `the riskiest offered mode allowed under it (none offered is mapped to ${policy.posture})`;
  return {
    type: "notice",
    code: "mode_set_by_policy",
    message:
      `agent '${agentId}' ${started}; policy '${policy.name}' (posture ${policy.posture}) ` +
      `put it in mode '${to}' (${stands(to)}), ${why}`,
    data: { from: from ?? null, to, policy: policy.name, posture: policy.posture },
  };
}
