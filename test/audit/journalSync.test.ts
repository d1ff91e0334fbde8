import assert from "node:assert/strict";
import { join } from "node:path";
import { after, test } from "node:test";
import { SqlAuditStore } from "../../src/audit/sqlAuditStore.js";
import { SqliteDriver } from "../../src/audit/sqliteDriver.js";
import type { SqlExecutor } from "../../src/audit/sqlDriver.js";
import { scratchDir } from "../support/scratchDir.js";

const tmp = scratchDir("acpgate-journal-sync-");
after(() => tmp.remove());

/** A real SQLite driver that notes the `synchronous` level each transaction runs under. */
class ObservedDriver extends SqliteDriver {
  readonly levels: number[] = [];
  override transaction<T>(
    fn: (tx: SqlExecutor) => Promise<T>,
    options?: { durable?: boolean },
  ): Promise<T> {
    return super.transaction(async (tx) => {
      this.levels.push(Number((await tx.all("PRAGMA synchronous"))[0]?.synchronous));
      return fn(tx);
    }, options);
  }
}

const FULL = 2;
const NORMAL = 1;

void test("journal batches commit without a sync of their own; audit records keep FULL", async () => {
  const file = join(tmp.dir, "a.db");
  const driver = new ObservedDriver(file);
  const store = await new SqlAuditStore(driver, file).open();
  driver.levels.length = 0;
  await store.appendJournal([
    { time: "t", sessionId: "s", direction: "in", size: 2, truncated: false, message: "{}" },
  ]);
  await store.append({ sessionId: "s", agentId: "a", surface: "cli", actor: "x", kind: "prompt" });
  assert.deepEqual(driver.levels, [NORMAL, FULL]);
  assert.equal(Number((await driver.all("PRAGMA synchronous"))[0]?.synchronous), FULL);
  assert.equal((await store.listJournal({ sessionId: "s" })).length, 1);
  await store.close();
});

void test("session rows commit without a sync of their own; the next audit record syncs them", async () => {
  const file = join(tmp.dir, "rows.db");
  const driver = new ObservedDriver(file);
  const store = await new SqlAuditStore(driver, file).open();
  driver.levels.length = 0;
  const row = { id: "s", agentId: "a", cwd: "/", state: "starting", surface: "cli" as const };
  await store.putSession({ ...row, actor: "x", createdAt: "t" });
  await store.updateSession("s", { state: "ready" });
  await store.append({ sessionId: "s", agentId: "a", surface: "cli", actor: "x", kind: "prompt" });
  assert.deepEqual(driver.levels, [NORMAL, NORMAL, FULL]);
  assert.equal((await store.getSession("s"))?.state, "ready");
  await store.close();
});

void test("a store opened with synchronous NORMAL stays NORMAL after a journal batch", async () => {
  const driver = new SqliteDriver(join(tmp.dir, "b.db"), { synchronous: "normal" });
  await driver.transaction(async (tx) => tx.run("CREATE TABLE t (x)"), { durable: false });
  assert.equal(Number((await driver.all("PRAGMA synchronous"))[0]?.synchronous), NORMAL);
  await driver.close();
});

/** A real SQLite driver that notes every distinct statement it is given. */
class StatementsDriver extends SqliteDriver {
  readonly given = new Set<string>();
  override run(sql: string, params?: unknown[]): Promise<void> {
    this.given.add(sql);
    return super.run(sql, params);
  }
}

void test("journal batches of any size use a bounded set of INSERT statements", async () => {
  const file = join(tmp.dir, "c.db");
  const driver = new StatementsDriver(file);
  const store = await new SqlAuditStore(driver, file).open();
  driver.given.clear();
  const entry = { time: "t", sessionId: "s", direction: "in" as const, size: 2, truncated: false };
  let total = 0;
  for (let size = 1; size <= 620; size += 7) {
    await store.appendJournal(Array.from({ length: size }, () => ({ ...entry, message: "{}" })));
    total += size;
  }
  const inserts = [...driver.given].filter((sql) => sql.startsWith("INSERT INTO journal"));
  assert.ok(inserts.length <= 10, `${inserts.length} distinct INSERT statements`);
  assert.equal((await store.listJournal({ sessionId: "s", limit: 100_000 })).length, total);
  await store.close();
});
