import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { Catalogue } from "../../src/agents/catalogue.js";
import { resolvePolicy } from "../../src/config/compilePolicy.js";
import type { Policy } from "../../src/policy/policyTypes.js";
import type { SessionEvent } from "../../src/sessions/events.js";
import type { ApprovalRequest, Approver } from "../../src/governance/approver.js";
import { GovernedGuard } from "../../src/governance/governedGuard.js";
import { PolicyGuard } from "../../src/governance/policyGuard.js";
import { promote } from "../../src/governance/promotion.js";
import { SessionManager } from "../../src/sessions/sessionManager.js";
import { isAcpgateError } from "../../src/util/errors.js";
import { demoChannel } from "../support/memoryDemo.js";

/** PolicyGuard on real sessions with the bundled demo agent (in-memory): promotion, modes, approvers. */
let ws: string;
const managers: SessionManager[] = [];

before(() => {
  ws = realpathSync(mkdtempSync(join(tmpdir(), "acpgate-policy-guard-")));
  mkdirSync(join(ws, "src"));
  writeFileSync(join(ws, "src/a.ts"), "a\n");
});
after(async () => {
  await Promise.all(managers.map((m) => m.dispose()));
  rmSync(ws, { recursive: true, force: true });
});

function startManager(policy: Policy, approver?: Approver): SessionManager {
  const policies = {
    approving: {
      posture: "workspace-write" as const,
      allowAlways: true,
      deny: [],
      ask: [],
      allow: [],
    },
  };
  const manager = new SessionManager({
    catalogue: new Catalogue({ agents: {} }),
    // The demo agent in-process: these tests are about the guard, not the process.
    channelFor: () => demoChannel(),
    guardFor: (request, entry) =>
      new GovernedGuard(
        new PolicyGuard({
          policy,
          policies: (name) => resolvePolicy(name, policies),
          agentId: request.agentId,
          entry,
          cwd: request.cwd,
          unattended: approver === undefined,
          ...(approver ? { approver } : {}),
        }),
      ),
  });
  managers.push(manager);
  return manager;
}

void test("promotion: read-only refuses a write and a mode change until promoted", async () => {
  const plane = startManager(resolvePolicy("read-only", {}));
  const session = await plane.create({ agentId: "demo", cwd: ws, unattended: true });
  const events: SessionEvent[] = [];
  session.on((e) => events.push(e));
  await session.prompt("@write src/x.ts one");
  assert.equal(session.stats.permissionsRejected, 1);
  await assert.rejects(session.setMode("code"), (e) => isAcpgateError(e, "policy_refused"));
  await assert.rejects(
    promote(session, { to: "workspace-write", actor: "", reason: "r" }),
    /actor and a reason/,
  );

  const result = await promote(session, {
    to: "workspace-write",
    actor: "alice",
    reason: "fix the build",
  });
  assert.deepEqual(result, {
    from: "read-only",
    to: "workspace-write",
    posture: "workspace-write",
    modeId: "code",
  });
  const promotion = events.find((e) => e.type === "promotion");
  assert.ok(promotion && promotion.type === "promotion");
  assert.equal(promotion.actor, "alice");
  assert.equal(promotion.reason, "fix the build");

  await session.prompt("@write src/x.ts two");
  assert.equal(readFileSync(join(ws, "src/x.ts"), "utf8"), "two");
  await plane.close(session.id);
});

void test("an approver answers ask; allow_always is remembered only when policy permits", async () => {
  const asked: ApprovalRequest[] = [];
  const approver: Approver = {
    ask: async (request) => {
      asked.push(request);
      return { outcome: "allow", scope: "always", reason: "looks fine", decidedBy: "bob" };
    },
  };
  const plane = startManager(
    resolvePolicy("approving", {
      approving: { posture: "workspace-write", allowAlways: true, deny: [], ask: [], allow: [] },
    }),
    approver,
  );
  const session = await plane.create({ agentId: "demo", cwd: ws });
  const decided: SessionEvent[] = [];
  session.on((e) => e.type === "permission_decided" && decided.push(e));
  await session.prompt("@run echo first\n@run echo first");
  // One question: the permission. terminal/create reused the approval, the second run the grant.
  assert.equal(asked.length, 1);
  assert.equal(asked[0]?.decision.ruleId, "posture:workspace-write");
  assert.deepEqual(
    decided.map((e) => (e.type === "permission_decided" ? [e.decidedBy, e.optionKind] : [])),
    [
      ["bob", "allow_always"],
      ["policy", "allow_once"],
    ],
  );
  await plane.close(session.id);
});

void test("without allowAlways an approval is not remembered beyond its own tool call", async () => {
  const asked: ApprovalRequest[] = [];
  const approver: Approver = {
    ask: async (request) => {
      asked.push(request);
      return { outcome: "allow", scope: "always", reason: "ok", decidedBy: "carol" };
    },
  };
  const plane = startManager(resolvePolicy("workspace-write", {}), approver);
  const session = await plane.create({ agentId: "demo", cwd: ws });
  const kinds: string[] = [];
  session.on((e) => e.type === "permission_decided" && kinds.push(e.optionKind ?? ""));
  await session.prompt("@run echo again\n@run echo again");
  assert.equal(asked.length, 2);
  assert.deepEqual(kinds, ["allow_once", "allow_once"]);
  await plane.close(session.id);
});
