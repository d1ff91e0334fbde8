import { DEFAULT_DENY } from "./defaultDeny.js";
import type { Policy, Posture } from "./policyTypes.js";

/** Policies that exist without any configuration. */
export const BUILTIN_POLICY_NAMES = ["read-only", "workspace-write"] as const;

function builtin(name: Posture, description: string): Policy {
  return {
    name,
    description,
    posture: name,
    deny: DEFAULT_DENY,
    ask: [],
    allow: [],
    roots: [],
    protect: [],
    unattendedAsk: "reject",
    enforcement: "auto",
    require: [],
    allowAlways: false,
  };
}

export const BUILTIN_POLICIES: Readonly<Record<Posture, Policy>> = {
  "read-only": builtin(
    "read-only",
    "reads inside the workspace; every edit, delete, move, execute and fetch refused",
  ),
  "workspace-write": builtin(
    "workspace-write",
    "reads and edits inside the workspace (protected paths excepted); execute and fetch ask",
  ),
};

export function isBuiltinPolicy(name: string): name is Posture {
  return Object.hasOwn(BUILTIN_POLICIES, name);
}
