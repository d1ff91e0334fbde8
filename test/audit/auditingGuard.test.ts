import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import type { RequestPermissionRequest } from "@agentclientprotocol/sdk";
import { SqlAuditStore } from "../../src/audit/sqlAuditStore.js";
import { SqliteDriver } from "../../src/audit/sqliteDriver.js";
import { AuditingGuard } from "../../src/sessions/auditingGuard.js";
import { ReadOnlyGuard } from "../../src/sessions/readOnlyGuard.js";
import type { GuardContext } from "../../src/sessions/sessionGuard.js";
import { scratchDir } from "../support/scratchDir.js";
import { WritingGuard } from "../support/writingGuard.js";

const tmp = scratchDir("acpgate-guard-");
after(() => tmp.remove());
let n = 0;

async function setup() {
  const cwd = join(tmp.dir, `w${++n}`);
  const driver = new SqliteDriver(join(cwd, ".acpgate", "acpgate.db"));
  const store = await new SqlAuditStore(driver, "test").open();
  const context: GuardContext = {
    sessionId: "ses_12345678-abcd",
    agentId: "demo",
    cwd,
    toolCall: () => undefined,
    emit: () => undefined,
  };
  return { cwd, driver, store, context, audit: { store, surface: "api" as const, actor: "alice" } };
}

const REQUEST: RequestPermissionRequest = {
  sessionId: "agent-1",
  toolCall: {
    toolCallId: "t1",
    title: "Run make",
    kind: "execute",
    rawInput: { command: ["make", "all"] },
  },
  options: [
    { optionId: "a", name: "Allow", kind: "allow_once" },
    { optionId: "r", name: "Reject", kind: "reject_once" },
  ],
};

void test("a permission is recorded asked, then decided with the approver, before the verdict returns", async () => {
  const { store, context, audit } = await setup();
  const guard = new AuditingGuard(new WritingGuard("bob@example"), audit);
  const verdict = await guard.decidePermission(REQUEST, context, new AbortController().signal);
  assert.equal(verdict.outcome, "allow");
  const [asked, decided] = await store.list();
  assert.equal(asked?.kind, "permission_asked");
  assert.equal(asked?.actor, "alice");
  assert.equal(asked?.surface, "api");
  assert.deepEqual(asked?.tool, {
    toolCallId: "t1",
    title: "Run make",
    kind: "execute",
    paths: [],
    command: "make all",
  });
  assert.deepEqual((asked?.data as { request: unknown }).request, REQUEST);
  assert.equal(decided?.kind, "permission_decided");
  assert.equal(decided?.requestId, asked?.requestId);
  assert.equal(decided?.actor, "bob@example");
  assert.deepEqual(decided?.decision, {
    outcome: "allow",
    reason: "looks fine",
    approver: "bob@example",
    optionKind: "allow_once",
    scope: "once",
  });
  await store.close();
});

void test("automatic decisions carry actor policy and the rule id", async () => {
  const { store, context, audit } = await setup();
  const guard = new AuditingGuard(new ReadOnlyGuard(), audit);
  await guard.decidePermission(REQUEST, context, new AbortController().signal);
  const [decided] = await store.list({ kind: "permission_decided" });
  assert.equal(decided?.actor, "policy");
  assert.equal(decided?.decision?.ruleId, "read-only");
  assert.equal(decided?.decision?.approver, undefined);
  await store.close();
});

void test("when the audit cannot be written, an approval becomes a refusal and no file is written", async () => {
  const { cwd, driver, store, context, audit } = await setup();
  await driver.transaction((tx) => tx.run("DROP TABLE audit_records"));
  const guard = new AuditingGuard(new WritingGuard("bob"), audit);
  const verdict = await guard.decidePermission(REQUEST, context, new AbortController().signal);
  assert.equal(verdict.outcome, "reject");
  assert.equal(verdict.ruleId, "audit");
  await assert.rejects(
    guard.writeTextFile({ sessionId: "a", path: "x.txt", content: "hi" }, context),
    /could not be recorded/,
  );
  assert.equal(existsSync(join(cwd, "x.txt")), false);
  await store.close();
});

void test("fs writes are recorded requested (with a bounded diff) before, and completed after", async () => {
  const { cwd, store, context, audit } = await setup();
  writeFileSync(join(cwd, "a.txt"), "one\ntwo\nthree\n");
  const guard = new AuditingGuard(new WritingGuard("bob"), audit);
  await guard.writeTextFile(
    { sessionId: "a", path: "a.txt", content: "one\nTWO\nthree\n" },
    context,
  );
  assert.equal(readFileSync(join(cwd, "a.txt"), "utf8"), "one\nTWO\nthree\n");
  await guard.writeTextFile(
    { sessionId: "a", path: "big.txt", content: "x".repeat(100_000) },
    context,
  );
  const writes = await store.list({ kind: "fs_write" });
  assert.deepEqual(
    writes.map((r) => r.status),
    ["requested", "completed", "requested", "completed"],
  );
  assert.equal(
    writes[0]?.diff?.text,
    "--- a/a.txt\n+++ b/a.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n",
  );
  assert.equal(writes[2]?.diff?.truncated, true);
  assert.equal(writes[2]?.diff?.text, undefined);
  assert.ok((writes[2]?.diff?.bytes ?? 0) > 100_000);
  assert.match(writes[2]?.diff?.sha256 ?? "", /^[0-9a-f]{64}$/);
  await store.close();
});

void test("refused writes and terminals are recorded as refused, after the request", async () => {
  const { store, context, audit } = await setup();
  const guard = new AuditingGuard(new ReadOnlyGuard(), audit);
  await assert.rejects(
    guard.writeTextFile({ sessionId: "a", path: "a.txt", content: "x" }, context),
  );
  await assert.rejects(
    guard.createTerminal({ sessionId: "a", command: "rm", args: ["-rf", "/"] }, context),
  );
  const records = await store.list();
  assert.deepEqual(
    records.map((r) => [r.kind, r.status]),
    [
      ["fs_write", "requested"],
      ["fs_write", "refused"],
      ["terminal", "requested"],
      ["terminal", "refused"],
    ],
  );
  assert.equal(records[2]?.tool?.command, "rm -rf /");
  await store.close();
});
