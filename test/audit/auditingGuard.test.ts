import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import type { RequestPermissionRequest } from "@agentclientprotocol/sdk";
import { SqlAuditStore } from "../../src/audit/sqlAuditStore.js";
import { SqliteDriver } from "../../src/audit/sqliteDriver.js";
import { AuditingGuard } from "../../src/governance/auditingGuard.js";
import { GovernedGuard } from "../../src/governance/governedGuard.js";
import type { Guard } from "../../src/governance/guard.js";
import { AcpgateError } from "../../src/util/errors.js";
import { ReadOnlyGuard } from "../support/readOnlyGuard.js";
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
  const failures: AcpgateError[] = [];
  const context: GuardContext = {
    sessionId: "ses_12345678-abcd",
    agentId: "demo",
    cwd,
    toolCall: () => undefined,
    emit: () => undefined,
    fail: (error) => void failures.push(error),
  };
  const audit = { store, surface: "api" as const, actor: "alice" };
  /** The session's view of the chain: permission requests go through GovernedGuard. */
  const governed = (inner: Guard) => new GovernedGuard(new AuditingGuard(inner, audit));
  return { cwd, driver, store, context, audit, failures, governed };
}

const signal = new AbortController().signal;

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

void test("a permission is recorded asked, then decided with the approver, before the answer returns", async () => {
  const { store, context, governed } = await setup();
  const guard = governed(new WritingGuard("bob@example"));
  const response = await guard["session/request_permission"](REQUEST, context, signal);
  assert.deepEqual(response, { outcome: { outcome: "selected", optionId: "a" } });
  const [asked, decided] = await store.list();
  assert.equal(asked?.kind, "permission_asked");
  assert.equal(asked?.actor, "alice");
  assert.equal(asked?.surface, "api");
  assert.deepEqual(asked?.tool, {
    toolCallId: "t1",
    title: "Run make",
    kind: "execute",
    kinds: ["execute"],
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
    ruleId: "test",
    approver: "bob@example",
    optionKind: "allow_once",
    scope: "once",
  });
  await store.close();
});

void test("automatic decisions carry actor policy and the rule id", async () => {
  const { store, context, governed } = await setup();
  const guard = governed(new ReadOnlyGuard());
  await guard["session/request_permission"](REQUEST, context, signal);
  const [decided] = await store.list({ kind: "permission_decided" });
  assert.equal(decided?.actor, "policy");
  assert.equal(decided?.decision?.ruleId, "read-only");
  assert.equal(decided?.decision?.approver, undefined);
  await store.close();
});

void test("when the audit cannot be written, the session fails audit_unavailable: no answer, no file", async () => {
  const { cwd, driver, store, context, failures, governed } = await setup();
  await driver.transaction((tx) => tx.run("DROP TABLE audit_records"));
  const guard = governed(new WritingGuard("bob"));
  await assert.rejects(
    guard["session/request_permission"](REQUEST, context, signal),
    (e: { code?: number }) => e.code === -32603,
  );
  await assert.rejects(
    guard["fs/write_text_file"]({ sessionId: "a", path: "x.txt", content: "hi" }, context, signal),
    /could not record/,
  );
  assert.equal(existsSync(join(cwd, "x.txt")), false);
  assert.deepEqual(
    failures.map((f) => f.code),
    ["audit_unavailable", "audit_unavailable"],
  );
  await store.close();
});

void test("fs writes are recorded requested (with a bounded diff) before, and completed after", async () => {
  const { cwd, store, context, governed } = await setup();
  writeFileSync(join(cwd, "a.txt"), "one\ntwo\nthree\n");
  const guard = governed(new WritingGuard("bob"));
  await guard["fs/write_text_file"](
    { sessionId: "a", path: "a.txt", content: "one\nTWO\nthree\n" },
    context,
    signal,
  );
  assert.equal(readFileSync(join(cwd, "a.txt"), "utf8"), "one\nTWO\nthree\n");
  await guard["fs/write_text_file"](
    { sessionId: "a", path: "big.txt", content: "x".repeat(100_000) },
    context,
    signal,
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
  const { store, context, governed } = await setup();
  const guard = governed(new ReadOnlyGuard());
  await assert.rejects(
    guard["fs/write_text_file"]({ sessionId: "a", path: "a.txt", content: "x" }, context, signal),
  );
  await assert.rejects(
    guard["terminal/create"](
      { sessionId: "a", command: "rm", args: ["-rf", "/"] },
      context,
      signal,
    ),
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
