import assert from "node:assert/strict";
import { mkdirSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import type { AgentContext, RequestPermissionResponse } from "@agentclientprotocol/sdk";
import type { AuditRecord, AuditRecordInput } from "../../src/audit/auditRecord.js";
import { SqlAuditStore } from "../../src/audit/sqlAuditStore.js";
import { SqliteDriver } from "../../src/audit/sqliteDriver.js";
import { resolvePolicy } from "../../src/config/compilePolicy.js";
import { policySchema } from "../../src/config/policySchema.js";
import type { Approver } from "../../src/governance/approver.js";
import type { AuditContext } from "../../src/governance/auditContext.js";
import { AuditingGuard } from "../../src/governance/auditingGuard.js";
import { GovernedGuard } from "../../src/governance/governedGuard.js";
import type { Guard } from "../../src/governance/guard.js";
import { PolicyGuard } from "../../src/governance/policyGuard.js";
import type { SessionEvent } from "../../src/sessions/events.js";
import { askPermission, memorySession, type Turn } from "../support/memoryAgent.js";
import { scratchDir } from "../support/scratchDir.js";
import { deferred } from "../../src/util/deferred.js";
import { WritingGuard } from "../support/writingGuard.js";
import { exitCodeForError } from "../../src/surfaces/cli/exitCodes.js";

/**
 * The permission path end to end on an in-memory agent (no process): one id, one view, one
 * record, and the answer only after the `decided` record is committed — in every branch.
 */
const tmp = scratchDir("acpgate-permission-path-");
after(() => tmp.remove());
let n = 0;

/** A real SQLite store whose `permission_decided` commits are slow (never in the `asked` commit). */
async function slowDecidedStore() {
  const dir = join(tmp.dir, `s${++n}`);
  mkdirSync(dir, { recursive: true });
  const store = await new SqlAuditStore(new SqliteDriver(join(dir, "audit.db")), "test").open();
  const slow: AuditContext["store"] = {
    append: async (record: AuditRecordInput) => {
      if (record.kind === "permission_decided") await new Promise((r) => setTimeout(r, 80));
      return store.append(record);
    },
    putSession: (row) => store.putSession(row),
    updateSession: (id, patch) => store.updateSession(id, patch),
  };
  return {
    dir: realpathSync(dir),
    store,
    audit: { store: slow, surface: "cli" as const, actor: "ci:test" },
  };
}

/** read-only, or a policy that asks a person before every edit when there is an approver. */
function policyChain(cwd: string, approver?: Approver): Guard {
  const asking = {
    asking: policySchema.parse({ extends: "read-only", ask: [{ kind: "edit" }] }),
  };
  return new PolicyGuard({
    policy: approver ? resolvePolicy("asking", asking) : resolvePolicy("read-only", {}),
    policies: (name) => resolvePolicy(name, {}),
    agentId: "memory",
    entry: { modes: {}, fileAccess: "client" },
    cwd,
    unattended: approver === undefined,
    ...(approver ? { approver } : {}),
  });
}

/** The records of kind `kind` committed now (what an auditor reading the store would see). */
async function committed(store: SqlAuditStore, kind: AuditRecord["kind"]) {
  return store.list({ kind });
}

async function run(turn: Turn, chain: Guard, audit: AuditContext, cwd: string) {
  const session = memorySession({
    guard: new GovernedGuard(new AuditingGuard(chain, audit)),
    cwd,
    turn,
  });
  const events: SessionEvent[] = [];
  session.on((e) => events.push(e));
  await session.start();
  return { session, events };
}

void test("the audit records the paths and the command policy judged, and event ids equal record ids", async () => {
  const { dir, store, audit } = await slowDecidedStore();
  const answers: RequestPermissionResponse[] = [];
  const turn: Turn = async (client, sessionId) => {
    answers.push(
      await askPermission(client, sessionId, {
        toolCallId: "t1",
        kind: "edit",
        rawInput: { file_path: "/etc/passwd" },
      }),
    );
    answers.push(
      await askPermission(client, sessionId, {
        toolCallId: "t2",
        kind: "execute",
        rawInput: { cmd: "rm -rf ~" },
      }),
    );
    return "end_turn";
  };
  const { session, events } = await run(turn, policyChain(dir), audit, dir);
  await session.prompt("go");
  await session.close();
  assert.deepEqual(
    answers.map((a) => a.outcome),
    [
      { outcome: "selected", optionId: "r1" },
      { outcome: "selected", optionId: "r1" },
    ],
  );
  const asked = await committed(store, "permission_asked");
  const decided = await committed(store, "permission_decided");
  assert.equal(
    asked[0]?.tool?.paths?.includes("/etc/passwd"),
    true,
    JSON.stringify(asked[0]?.tool),
  );
  assert.equal(decided[0]?.decision?.ruleId, "protected:outside-roots");
  assert.equal(asked[1]?.tool?.command, "rm -rf ~");
  assert.deepEqual(asked[1]?.tool?.kinds, ["execute"]);
  const eventIds = events.filter((e) => e.type === "permission_asked").map((e) => e.requestId);
  const decidedIds = events.filter((e) => e.type === "permission_decided").map((e) => e.requestId);
  assert.equal(eventIds.length, 2);
  assert.deepEqual(
    asked.map((r) => r.requestId),
    eventIds,
  );
  assert.deepEqual(
    decided.map((r) => r.requestId),
    eventIds,
  );
  assert.deepEqual(decidedIds, eventIds);
  assert.deepEqual(session.stats, {
    permissionsAllowed: 0,
    permissionsRejected: 2,
    permissionsCancelled: 0,
  });
  await store.close();
});

void test("a slow approver: the agent hears the answer only after `decided` is committed", async () => {
  const { dir, store, audit } = await slowDecidedStore();
  const seenAtAnswer: number[] = [];
  const turn: Turn = async (client, sessionId) => {
    await askPermission(client, sessionId, {
      toolCallId: "t1",
      kind: "edit",
      locations: [{ path: "a.txt" }],
    });
    seenAtAnswer.push((await committed(store, "permission_decided")).length);
    return "end_turn";
  };
  const { session } = await run(turn, new SlowWritingGuard("bob"), audit, dir);
  await session.prompt("go");
  await session.close();
  assert.deepEqual(seenAtAnswer, [1], "the decided record was committed before the answer");
  const [decided] = await committed(store, "permission_decided");
  assert.equal(decided?.actor, "bob");
  assert.equal(decided?.decision?.optionKind, "allow_once");
  await store.close();
});

void test("session/cancel answers both pending permissions `cancelled`, each recorded before it is heard", async () => {
  const { dir, store, audit } = await slowDecidedStore();
  const heard: { outcome: string; recorded: number }[] = [];
  let asked = 0;
  const bothAsked = deferred<void>();
  const ask = async (client: AgentContext, sessionId: string, id: string) => {
    const answer: RequestPermissionResponse = await askPermission(client, sessionId, {
      toolCallId: id,
      kind: "edit",
      locations: [{ path: `${id}.txt` }],
    });
    const recorded = (await committed(store, "permission_decided")).filter(
      (r) => r.tool?.toolCallId === id && r.decision?.outcome === "cancelled",
    ).length;
    heard.push({ outcome: answer.outcome.outcome, recorded });
  };
  const turn: Turn = async (client, sessionId, signal) => {
    await Promise.all([ask(client, sessionId, "t1"), ask(client, sessionId, "t2")]);
    return signal.aborted ? "cancelled" : "end_turn";
  };
  const nobody: Approver = {
    ask: (_request, signal) => {
      if (++asked === 2) bothAsked.resolve();
      return new Promise((_, reject) =>
        signal.addEventListener("abort", () => reject(new Error("aborted"))),
      );
    },
  };
  const { session, events } = await run(turn, policyChain(dir, nobody), audit, dir);
  const prompt = session.prompt("go");
  await bothAsked.promise;
  await session.cancel();
  const result = await Promise.race([
    prompt,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("pending permissions were never answered")), 5000).unref(),
    ),
  ]);
  await session.close();
  assert.equal(result.stopReason, "cancelled");
  assert.deepEqual(heard, [
    { outcome: "cancelled", recorded: 1 },
    { outcome: "cancelled", recorded: 1 },
  ]);
  assert.equal(session.stats.permissionsCancelled, 2);
  const decided = events.filter((e) => e.type === "permission_decided");
  assert.deepEqual(
    decided.map((e) => e.type === "permission_decided" && e.decidedBy),
    ["client", "client"],
  );
  await store.close();
});

/** An approval that takes a while, as a person does: `asked` is long committed when it comes. */
class SlowWritingGuard extends WritingGuard {
  override async decidePermission() {
    await new Promise((r) => setTimeout(r, 60));
    return super.decidePermission();
  }
}

void test("a store that fails ends the session audit_unavailable (exit 1), and the agent hears no decision", async () => {
  const { dir, store, audit } = await slowDecidedStore();
  const broken: AuditContext = {
    ...audit,
    store: { ...audit.store, append: () => Promise.reject(new Error("disk full")) },
  };
  const heard: unknown[] = [];
  const turn: Turn = async (client, sessionId) => {
    try {
      heard.push(
        await askPermission(client, sessionId, {
          toolCallId: "t1",
          kind: "edit",
          locations: [{ path: "a.txt" }],
        }),
      );
    } catch (error) {
      heard.push((error as { code?: number }).code);
    }
    return "end_turn";
  };
  const { session } = await run(turn, new WritingGuard("bob"), broken, dir);
  await assert.rejects(
    session.prompt("go"),
    (e: { code?: string }) => e.code === "audit_unavailable",
  );
  assert.equal(session.state, "failed");
  assert.equal(session.failure?.code, "audit_unavailable");
  assert.equal(exitCodeForError("audit_unavailable"), 1);
  assert.ok(
    !heard.some((h) => typeof h === "object"),
    `no decision reached the agent: ${JSON.stringify(heard)}`,
  );
  await store.close();
});

void test("a chain that throws while deciding refuses, on the record", async () => {
  const { dir, store, audit } = await slowDecidedStore();
  const answers: RequestPermissionResponse[] = [];
  const turn: Turn = async (client, sessionId) => {
    answers.push(
      await askPermission(client, sessionId, {
        toolCallId: "t1",
        kind: "edit",
        locations: [{ path: "a.txt" }],
      }),
    );
    return "end_turn";
  };
  const { session } = await run(turn, new ThrowingGuard(), audit, dir);
  await session.prompt("go");
  await session.close();
  assert.deepEqual(answers, [{ outcome: { outcome: "selected", optionId: "r1" } }]);
  const [decided] = await committed(store, "permission_decided");
  assert.equal(decided?.decision?.ruleId, "error");
  assert.match(decided?.decision?.reason ?? "", /approver exploded/);
  await store.close();
});

class ThrowingGuard extends WritingGuard {
  constructor() {
    super("nobody");
  }
  override decidePermission(): Promise<never> {
    return Promise.reject(new Error("approver exploded"));
  }
}

void test("a refused fs read tells the agent the path once, with the rule", async () => {
  const { dir, store, audit } = await slowDecidedStore();
  let message = "";
  const turn: Turn = async (client, sessionId) => {
    try {
      await client.request("fs/read_text_file", { sessionId, path: "/etc/passwd" });
    } catch (error) {
      message = (error as Error).message;
    }
    return "end_turn";
  };
  const { session } = await run(turn, policyChain(dir), audit, dir);
  await session.prompt("go");
  await session.close();
  assert.equal(message.split("/etc/passwd").length - 1, 1, message);
  assert.match(message, /^acpgate refused: read of \/etc\/passwd is outside the allowed roots/);
  await store.close();
});
