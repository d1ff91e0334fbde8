import assert from "node:assert/strict";
import { join } from "node:path";
import { after, test } from "node:test";
import { isBusy, retryWhileBusy } from "../../src/audit/busyRetry.js";
import { SqlAuditStore } from "../../src/audit/sqlAuditStore.js";
import { SqliteDriver } from "../../src/audit/sqliteDriver.js";
import { scratchDir } from "../support/scratchDir.js";

const tmp = scratchDir("acpgate-busy-");
after(() => tmp.remove());

const busy = (code = "SQLITE_BUSY"): Error =>
  Object.assign(new Error("database is locked"), { code });

void test("busy and locked SQLite results are retried; other errors are not", async () => {
  assert.ok(
    isBusy(busy()) && isBusy(busy("SQLITE_BUSY_SNAPSHOT")) && isBusy(busy("SQLITE_LOCKED")),
  );
  assert.ok(!isBusy(busy("SQLITE_CORRUPT")) && !isBusy(new Error("x")) && !isBusy(undefined));
  let calls = 0;
  const pauses: number[] = [];
  const sleep = async (ms: number): Promise<void> => void pauses.push(ms);
  const value = await retryWhileBusy(
    async () => {
      if (++calls < 4) throw busy();
      return "open";
    },
    { sleep },
  );
  assert.equal(value, "open");
  assert.equal(pauses.length, 3);
  calls = 0;
  await assert.rejects(
    retryWhileBusy(async () => {
      calls++;
      throw busy("SQLITE_CORRUPT");
    }),
    /locked/,
  );
  assert.equal(calls, 1);
  await assert.rejects(
    retryWhileBusy(async () => Promise.reject(busy()), { timeoutMs: 0, sleep }),
    /locked/,
  );
});

void test("a store whose database is busy while it opens opens it again", async () => {
  const file = join(tmp.dir, "a.db");
  let attempts = 0;
  const store = new SqlAuditStore(() => {
    if (++attempts === 1) throw busy();
    return new SqliteDriver(file);
  }, file);
  await store.open();
  assert.equal(attempts, 2);
  assert.equal(
    (
      await store.append({
        sessionId: "s",
        agentId: "a",
        surface: "cli",
        actor: "x",
        kind: "prompt",
      })
    ).id,
    1,
  );
  await store.close();
});
