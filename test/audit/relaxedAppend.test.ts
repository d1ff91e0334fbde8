import assert from "node:assert/strict";
import { join } from "node:path";
import { after, test } from "node:test";
import type { AuditRecordInput } from "../../src/audit/auditRecord.js";
import type { AppendOptions } from "../../src/audit/auditStore.js";
import { RELAXED_WAIT_MS } from "../../src/audit/batchQueue.js";
import { SqlAuditStore } from "../../src/audit/sqlAuditStore.js";
import { WorkerSqliteDriver } from "../../src/audit/workerSqliteDriver.js";
import { createPlane } from "../../src/surfaces/plane.js";
import { demoChannel } from "../support/memoryDemo.js";
import { nextTurn, proxyRecord } from "../support/proxyRecord.js";
import { scratchDir } from "../support/scratchDir.js";
import { storeIdle } from "../support/storeIdle.js";
import { tempDir } from "../support/tempDir.js";

const tmp = scratchDir("acpgate-relaxed-append-");
after(() => tmp.remove());

const input = proxyRecord;
// Taken before any test mocks the timers: a guard that still fires.
const realTimeout = setTimeout;
const within = <T>(ms: number, work: Promise<T>): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => realTimeout(() => reject(new Error("still waiting")), ms)),
  ]);

async function storeOn(
  name: string,
): Promise<{ store: SqlAuditStore; driver: WorkerSqliteDriver }> {
  const driver = new WorkerSqliteDriver(join(tmp.dir, `${name}.db`));
  const store = await new SqlAuditStore(driver, name).open();
  await store.append(input("session_started"));
  await storeIdle(store);
  return { store, driver };
}

void test("relaxed appends wait RELAXED_WAIT_MS for company: those of many turns go in one message, linked in order", async (t) => {
  const { store, driver } = await storeOn("shared");
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const before = driver.stats.messages;
  const appended: Promise<{ hash: string; prevHash: string }>[] = [];
  for (let turn = 0; turn < 20; turn++) {
    appended.push(store.append(input("prompt"), { relaxed: true }));
    appended.push(store.append(input("turn_ended"), { relaxed: true }));
    await nextTurn();
  }
  for (let i = 0; i < 5; i++) await nextTurn();
  assert.equal(driver.stats.messages, before, "nothing posted before the wait is up");
  // Held in the store for the wait, then handed to the worker together, not held again there.
  t.mock.timers.tick(RELAXED_WAIT_MS);
  const records = await within(5000, Promise.all(appended));
  assert.equal(driver.stats.messages - before, 1);
  records.slice(1).forEach((r, i) => assert.equal(r.prevHash, records[i]!.hash));
  t.mock.timers.reset();
  assert.equal((await store.verify()).ok, true);
  await store.close();
});

void test("an append someone waits on takes the relaxed ones waiting along at once, in one message, and a read waits for no timer", async (t) => {
  const { store, driver } = await storeOn("urgent");
  // The relaxed wait's timer never fires: whatever commits here was handed over.
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const before = driver.stats.messages;
  const relaxed = store.append(input("prompt"), { relaxed: true });
  for (let i = 0; i < 5; i++) await nextTurn();
  const queuedBehind = store.append(input("tool_outcome"), { relaxed: true });
  for (let i = 0; i < 5; i++) await nextTurn();
  const decided = store.append(input("permission_decided"));
  const [r, q, d] = await within(5000, Promise.all([relaxed, queuedBehind, decided]));
  assert.equal(q.prevHash, r.hash);
  assert.equal(d.prevHash, q.hash);
  assert.equal(driver.stats.messages - before, 1, "one message, one commit for both");
  const later = store.append(input("turn_ended"), { relaxed: true });
  for (let i = 0; i < 5; i++) await nextTurn();
  const kinds = (await within(5000, store.list())).map((x) => x.kind);
  assert.deepEqual(kinds, [
    "session_started",
    "prompt",
    "tool_outcome",
    "permission_decided",
    "turn_ended",
  ]);
  await later;
  t.mock.timers.reset();
  await store.close();
});

void test("close waits for no timer: relaxed records and rows still waiting are committed at once", async (t) => {
  const { store } = await storeOn("closing");
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const relaxed = store.append(input("prompt"), { relaxed: true });
  const row = store.putSession({
    id: "ses_1",
    agentId: "demo",
    cwd: tmp.dir,
    state: "ready",
    surface: "proxy",
    actor: "local:alice",
    createdAt: new Date(0).toISOString(),
  });
  for (let i = 0; i < 5; i++) await nextTurn();
  const more = store.append(input("turn_ended"), { relaxed: true });
  await within(5000, store.close());
  await Promise.all([relaxed, row, more]);
  t.mock.timers.reset();
  const reopened = await new SqlAuditStore(
    new WorkerSqliteDriver(join(tmp.dir, "closing.db")),
    "closing",
  ).open();
  assert.deepEqual(
    (await reopened.list()).map((r) => r.kind),
    ["session_started", "prompt", "turn_ended"],
  );
  assert.equal((await reopened.getSession("ses_1"))?.state, "ready");
  await reopened.close();
});

void test("the session recorder's records are relaxed; a decision's record is not", async () => {
  const ws = tempDir();
  const plane = createPlane({
    cwd: ws.dir,
    policy: "read-only",
    overrides: { channelFor: () => demoChannel() },
  });
  const seen: { kind: string; relaxed: boolean }[] = [];
  const append = plane.audit.append.bind(plane.audit);
  plane.audit.append = (record: AuditRecordInput, options?: AppendOptions) => {
    seen.push({ kind: record.kind, relaxed: options?.relaxed === true });
    return append(record, options);
  };
  try {
    const session = await plane.manager.create({ agentId: "demo", cwd: ws.dir, unattended: true });
    await session.prompt("@write notes.txt refused under read-only");
    await plane.manager.close(session.id);
    const kinds = (relaxed: boolean) =>
      new Set(seen.filter((s) => s.relaxed === relaxed).map((s) => s.kind));
    assert.ok(kinds(true).has("prompt") && kinds(true).has("turn_ended"), JSON.stringify(seen));
    assert.ok(kinds(false).has("permission_decided"), JSON.stringify(seen));
    assert.equal(kinds(true).has("permission_decided"), false);
  } finally {
    await plane.dispose();
    ws.cleanup();
  }
});
