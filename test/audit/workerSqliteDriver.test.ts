import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { SqliteDriver } from "../../src/audit/sqliteDriver.js";
import { WorkerSqliteDriver } from "../../src/audit/workerSqliteDriver.js";
import { scratchDir } from "../support/scratchDir.js";

const tmp = scratchDir("acpgate-sqlite-worker-");
after(() => tmp.remove());

/** Rows of `n` inserted in one batch: long enough (~100 ms and more) to see the loop. */
const rows = (n: number): [string, unknown[]][] =>
  Array.from({ length: n / 500 }, (_, b) => [
    `INSERT INTO t (x) VALUES ${Array.from({ length: 500 }, () => "(?)").join(", ")}`,
    Array.from({ length: 500 }, (_, i) => `row ${b * 500 + i} ${"x".repeat(200)}`),
  ]);

void test("a commit in the worker leaves the event loop free; a commit on this thread holds it", async () => {
  const ticksDuring = async (driver: SqliteDriver | WorkerSqliteDriver): Promise<number> => {
    await driver.run("CREATE TABLE t (x TEXT)");
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await driver.batch(rows(100_000));
    clearInterval(timer);
    assert.equal(Number((await driver.all("SELECT COUNT(*) AS n FROM t"))[0]?.n), 100_000);
    await driver.close();
    return ticks;
  };
  assert.equal(await ticksDuring(new SqliteDriver(join(tmp.dir, "caller.db"))), 0);
  const worker = await ticksDuring(new WorkerSqliteDriver(join(tmp.dir, "worker.db")));
  assert.ok(worker >= 5, `${worker} timer ticks while the worker committed`);
});

void test("a batch posted while a transaction is open commits after it, on its own", async () => {
  const driver = new WorkerSqliteDriver(join(tmp.dir, "order.db"));
  await driver.run("CREATE TABLE t (x TEXT)");
  let batch: Promise<void> | undefined;
  const seen = await driver.transaction(async (tx) => {
    await tx.run("INSERT INTO t (x) VALUES (?)", ["in the transaction"]);
    batch = driver.batch([["INSERT INTO t (x) VALUES (?)", ["batch"]]]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    return (await tx.all("SELECT x FROM t ORDER BY rowid")).map((r) => r.x);
  });
  await batch;
  assert.deepEqual(seen, ["in the transaction"]);
  const all = (await driver.all("SELECT x FROM t ORDER BY rowid")).map((r) => r.x);
  assert.deepEqual(all, ["in the transaction", "batch"]);
  await driver.close();
});

void test("SQLite's error codes cross from the worker; a failed transaction rolls back", async () => {
  const driver = new WorkerSqliteDriver(join(tmp.dir, "codes.db"));
  await driver.run("CREATE TABLE t (x TEXT UNIQUE)");
  await driver.run("INSERT INTO t (x) VALUES ('a')");
  await assert.rejects(
    driver.transaction(async (tx) => {
      await tx.run("INSERT INTO t (x) VALUES ('b')");
      await tx.run("INSERT INTO t (x) VALUES ('a')");
    }),
    (error: { code?: string }) => error.code === "SQLITE_CONSTRAINT_UNIQUE",
  );
  await assert.rejects(driver.batch([["INSERT INTO t (x) VALUES ('a')", []]]), /UNIQUE/);
  assert.deepEqual(
    (await driver.all("SELECT x FROM t")).map((r) => r.x),
    ["a"],
  );
  await driver.close();
  await assert.rejects(driver.all("SELECT 1"), /closed/);
});

void test("the worker keeps a process alive while a write waits, never after", () => {
  const file = join(tmp.dir, "alive.db");
  const driverUrl = new URL("../../src/audit/workerSqliteDriver.js", import.meta.url).href;
  // Not closed: the process must still write the row, then exit by itself.
  const script = `
    const { WorkerSqliteDriver } = await import(${JSON.stringify(driverUrl)});
    const driver = new WorkerSqliteDriver(${JSON.stringify(file)});
    await driver.run("CREATE TABLE t (x TEXT)");
    void driver.batch([["INSERT INTO t (x) VALUES ('written')", []]]);
  `;
  const entry = join(tmp.dir, "alive.mjs");
  writeFileSync(entry, script);
  const child = spawnSync(process.execPath, [entry], {
    timeout: 20_000,
    encoding: "utf8",
  });
  assert.equal(child.signal, null, "the process did not exit by itself");
  assert.equal(child.status, 0, child.stderr);
  const reader = new SqliteDriver(file, { readOnly: true });
  return reader.all("SELECT x FROM t").then(async (found) => {
    assert.deepEqual(
      found.map((r) => r.x),
      ["written"],
    );
    await reader.close();
  });
});

void test("batches given in one turn share a commit, yet each stands alone: one that fails leaves nothing and fails nothing else", async () => {
  const driver = new WorkerSqliteDriver(join(tmp.dir, "savepoints.db"));
  await driver.run("CREATE TABLE t (x TEXT NOT NULL)");
  const settled = await Promise.allSettled([
    driver.batch([["INSERT INTO t (x) VALUES (?)", ["first"]]]),
    driver.batch([
      ["INSERT INTO t (x) VALUES (?)", ["half of a failing batch"]],
      ["INSERT INTO t (x) VALUES (?)", [null]],
    ]),
    driver.batch([["INSERT INTO t (x) VALUES (?)", ["last"]]], { durable: false }),
  ]);
  assert.deepEqual(
    settled.map((s) => s.status),
    ["fulfilled", "rejected", "fulfilled"],
  );
  assert.match(String((settled[1] as PromiseRejectedResult).reason), /NOT NULL/);
  const rows = await driver.all("SELECT x FROM t ORDER BY rowid");
  assert.deepEqual(
    rows.map((r) => r.x),
    ["first", "last"],
  );
  await driver.close();
});

void test("a batch alone in its message that fails leaves nothing, and the next batch commits", async () => {
  const driver = new WorkerSqliteDriver(join(tmp.dir, "alone.db"));
  await driver.run("CREATE TABLE t (x TEXT NOT NULL)");
  await assert.rejects(
    driver.batch([
      ["INSERT INTO t (x) VALUES (?)", ["half of a failing batch"]],
      ["INSERT INTO t (x) VALUES (?)", [null]],
    ]),
    /NOT NULL/,
  );
  await driver.batch([["INSERT INTO t (x) VALUES (?)", ["next"]]]);
  const rows = await driver.all("SELECT x FROM t ORDER BY rowid");
  assert.deepEqual(
    rows.map((r) => r.x),
    ["next"],
  );
  await driver.close();
});
