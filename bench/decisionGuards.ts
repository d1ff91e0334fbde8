import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAuditStore } from "../src/audit/openAuditStore.js";
import type { SqlAuditStore } from "../src/audit/sqlAuditStore.js";
import { BUILTIN_POLICIES } from "../src/policy/builtinPolicies.js";
import { resolvePolicy } from "../src/config/compilePolicy.js";
import { AuditingGuard } from "../src/governance/auditingGuard.js";
import { GovernedGuard } from "../src/governance/governedGuard.js";
import { PolicyGuard } from "../src/governance/policyGuard.js";
import type { SessionGuard } from "../src/sessions/sessionGuard.js";

export interface GuardVariant {
  name: string;
  /** True when the variant writes a durable audit record per decision (the target's case). */
  audited: boolean;
  make(): SessionGuard;
  /** Releases what the variant holds (the audit store and its temp dir), after the scenario. */
  close?(): Promise<void>;
}

/** The PolicyGuard createPlane builds for `read-only` on `acpgate run` (nobody to ask). */
function policyGuard(): SessionGuard {
  return new GovernedGuard(policyChain());
}

function policyChain(): PolicyGuard {
  return new PolicyGuard({
    policy: BUILTIN_POLICIES["read-only"],
    policies: (name) => resolvePolicy(name, {}),
    agentId: "raw",
    entry: { modes: {}, fileAccess: "client" },
    cwd: tmpdir(),
    unattended: true,
  });
}

/**
 * PolicyGuard wrapped in the AuditingGuard over a real SQLite store in a temp dir, the way
 * governedSessions weaves it: two durable records (asked, decided) before every answer.
 */
function audited(synchronous: "full" | "normal"): GuardVariant {
  let dir: string | undefined;
  let store: SqlAuditStore | undefined;
  return {
    name: `policy + audit (SQLite, synchronous ${synchronous.toUpperCase()})`,
    audited: true,
    make() {
      dir ??= mkdtempSync(join(tmpdir(), "acpgate-bench-audit-"));
      store ??= createAuditStore({ sqlite: join(dir, "audit.db"), synchronous }, dir, {
        thread: sqliteThread(),
      });
      return new GovernedGuard(
        new AuditingGuard(policyChain(), { store, surface: "cli", actor: "bench" }),
      );
    },
    async close() {
      if (store)
        process.stderr.write(
          `bench: ${this.name}: ${store.stats.records} records in ${store.stats.batches} commits\n`,
        );
      await store?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
      store = undefined;
      dir = undefined;
    },
  };
}

/**
 * The guards the decision scenario measures, each against the same bare-client baseline.
 * The "decision + audit ≤ 2 ms at p50" target is judged on the `audited` variants.
 */
export const GUARD_VARIANTS: GuardVariant[] = [
  { name: "policy only (PolicyGuard read-only)", audited: false, make: policyGuard },
  audited("full"),
  audited("normal"),
];

/**
 * Where the audit store's SQLite runs: a worker thread, as in a plane (`serve`, `proxy`);
 * ACPGATE_BENCH_SQLITE_THREAD=caller runs it on the event loop, as `acpgate run` does, to
 * compare the two.
 */
export function sqliteThread(): "worker" | "caller" {
  return process.env.ACPGATE_BENCH_SQLITE_THREAD === "caller" ? "caller" : "worker";
}
