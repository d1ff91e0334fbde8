import type { Policy } from "./policyTypes.js";

/** One line for people: the policy, its posture and what its lists hold. */
export function describePolicy(policy: Policy): string {
  const counts = [
    `${policy.deny.length} deny`,
    `${policy.ask.length} ask`,
    `${policy.allow.length} allow`,
  ].join(", ");
  const posture =
    policy.posture === "read-only"
      ? "reads inside the workspace only; edits, commands and fetches are refused unless a rule allows them"
      : "reads and edits inside the workspace (never .git/, .acpgate/ or the config); commands and fetches need approval unless a rule allows them";
  return `policy ${policy.name} (${policy.posture}): ${posture}; rules: ${counts}; unattended asks ${policy.unattendedAsk === "fail" ? "fail the run" : "are rejected"}`;
}
