import type { ClientCapabilities } from "@agentclientprotocol/sdk";
import type { Policy } from "../policy/policyTypes.js";

/**
 * The client capabilities a policy can serve: `fs.writeTextFile` and `terminal` only as far
 * as a posture or a rule can allow edits / executes (an `ask` rule counts when someone can
 * answer). Fixed at initialize: a later promotion does not widen them.
 */
export function servedCapabilities(policy: Policy, asksServed: boolean): ClientCapabilities {
  const has = (rules: Policy["allow"], kind: "edit" | "execute"): boolean =>
    rules.some((r) => !r.kinds || r.kinds.includes(kind));
  const write =
    policy.posture === "workspace-write" ||
    has(policy.allow, "edit") ||
    (asksServed && has(policy.ask, "edit"));
  const terminal =
    has(policy.allow, "execute") ||
    (asksServed && (policy.posture === "workspace-write" || has(policy.ask, "execute")));
  return { fs: { readTextFile: true, writeTextFile: write }, terminal };
}
