import assert from "node:assert/strict";
import { join } from "node:path";
import { after, test } from "node:test";
import type { AuditRecordInput } from "../../src/audit/auditRecord.js";
import { SqlAuditStore } from "../../src/audit/sqlAuditStore.js";
import { WorkerSqliteDriver } from "../../src/audit/workerSqliteDriver.js";
import { scratchDir } from "../support/scratchDir.js";
import { storeIdle } from "../support/storeIdle.js";

const tmp = scratchDir("acpgate-append-message-");
after(() => tmp.remove());

const input = (kind: AuditRecordInput["kind"]): AuditRecordInput => ({
  sessionId: "ses_1",
  agentId: "demo",
  surface: "cli",
  actor: "ci:alice",
  kind,
});

void test("an audit group commit on the SQLite worker is one message with the turn's batches, committed and linked", async () => {
  const driver = new WorkerSqliteDriver(join(tmp.dir, "one.db"));
  const store = await new SqlAuditStore(driver, "one", {
    chainKey: async () => "k".repeat(32),
  }).open();
  await driver.run("CREATE TABLE rows_of_the_turn (x TEXT)");
  await store.append(input("prompt"));
  await storeIdle(store);
  const before = driver.stats.messages;
  const [a, b] = await Promise.all([
    store.append(input("prompt")),
    store.append(input("turn_ended")),
    driver.batch([["INSERT INTO rows_of_the_turn (x) VALUES (?)", ["row"]]], { durable: false }),
  ]);
  assert.equal(driver.stats.messages - before, 1, "one message for two records and a batch");
  assert.equal((await driver.all("SELECT x FROM rows_of_the_turn")).length, 1);
  assert.equal(b.prevHash, a.hash);
  assert.match(a.hash, /^hmac-sha256:/);
  assert.deepEqual(await store.get(b.id), b);
  assert.deepEqual((await store.verify()).ok, true);
  await store.close();
});

void test("an append that fails in the worker rolls back whole, alone, and the chain goes on", async () => {
  const driver = new WorkerSqliteDriver(join(tmp.dir, "fail.db"));
  const store = await new SqlAuditStore(driver, "fail").open();
  const first = await store.append(input("prompt"));
  await driver.run(
    "CREATE TRIGGER refuse BEFORE INSERT ON audit_records WHEN NEW.kind = 'error' BEGIN SELECT RAISE(ABORT, 'refused'); END",
  );
  await driver.run("CREATE TABLE beside (x TEXT)");
  const settled = await Promise.allSettled([
    store.append(input("turn_ended")),
    store.append(input("error")),
    driver.batch([["INSERT INTO beside (x) VALUES (?)", ["kept"]]]),
  ]);
  assert.deepEqual(
    settled.map((s) => s.status),
    ["rejected", "rejected", "fulfilled"],
  );
  assert.equal((await driver.all("SELECT x FROM beside")).length, 1, "the batch beside it commits");
  assert.match(String((settled[1] as PromiseRejectedResult).reason), /refused/);
  const next = await store.append(input("turn_ended"));
  assert.equal(next.prevHash, first.hash);
  assert.deepEqual(
    (await store.list()).map((r) => r.kind),
    ["prompt", "turn_ended"],
  );
  await store.close();
});

void test("an append given while a transaction is open runs after it, never inside it", async () => {
  const driver = new WorkerSqliteDriver(join(tmp.dir, "order.db"));
  const store = await new SqlAuditStore(driver, "order").open();
  let append: Promise<unknown> | undefined;
  const seen = await driver.transaction(async (tx) => {
    append = store.append(input("prompt"));
    await new Promise((resolve) => setTimeout(resolve, 30));
    return Number((await tx.all("SELECT COUNT(*) AS n FROM audit_records"))[0]?.n);
  });
  await append;
  assert.equal(seen, 0);
  assert.equal((await store.list()).length, 1);
  await store.close();
});
