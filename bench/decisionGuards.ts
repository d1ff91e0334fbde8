import { ReadOnlyGuard } from "../src/sessions/readOnlyGuard.js";
import type { SessionGuard } from "../src/sessions/sessionGuard.js";

export interface GuardVariant {
  name: string;
  /** True when the variant writes a durable audit record per decision (the target's case). */
  audited: boolean;
  make(): SessionGuard;
}

/**
 * The guards the decision scenario measures, each against the same bare-client baseline.
 *
 * LEAD (after merging the policy and audit branches): replace the first entry with the
 * PolicyGuard built the way createPlane builds it for `read-only`, and add the audited one,
 * e.g. `{ name: "policy + audit", audited: true, make: () => withAudit(policyGuard(), sqliteLog) }`.
 * The "decision + audit ≤ 2 ms at p50" target is judged on the `audited` variants and reads
 * "n/a" until one exists.
 */
export const GUARD_VARIANTS: GuardVariant[] = [
  { name: "policy only (ReadOnlyGuard)", audited: false, make: () => new ReadOnlyGuard() },
];
