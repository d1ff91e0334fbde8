import assert from "node:assert/strict";
import { join } from "node:path";
import { after, test } from "node:test";
import { WorkerSqliteDriver } from "../../src/audit/workerSqliteDriver.js";
import { scratchDir } from "../support/scratchDir.js";

const tmp = scratchDir("acpgate-batch-queue-");
after(() => tmp.remove());

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const rows = async (driver: WorkerSqliteDriver): Promise<unknown[]> =>
  (await driver.all("SELECT x FROM t ORDER BY rowid")).map((r) => r.x);

void test("batches that are not durable, given turns apart, share one message to the worker", async () => {
  const driver = new WorkerSqliteDriver(join(tmp.dir, "relaxed.db"));
  await driver.run("CREATE TABLE t (x TEXT)");
  const before = driver.stats.messages;
  const first = driver.batch([["INSERT INTO t (x) VALUES (?)", ["a"]]], { durable: false });
  for (let i = 0; i < 3; i++) await nextTurn();
  const second = driver.batch([["INSERT INTO t (x) VALUES (?)", ["b"]]], { durable: false });
  await Promise.all([first, second]);
  assert.equal(driver.stats.messages - before, 1);
  assert.deepEqual(await rows(driver), ["a", "b"]);
  await driver.close();
});

void test("a read, a durable batch or close hands the waiting ones over at once, in order", async () => {
  const driver = new WorkerSqliteDriver(join(tmp.dir, "flushed.db"));
  await driver.run("CREATE TABLE t (x TEXT)");
  void driver.batch([["INSERT INTO t (x) VALUES (?)", ["relaxed"]]], { durable: false });
  assert.deepEqual(await rows(driver), ["relaxed"], "the read comes after the write");
  const relaxed = driver.batch([["INSERT INTO t (x) VALUES (?)", ["then"]]], { durable: false });
  await driver.batch([["INSERT INTO t (x) VALUES (?)", ["durable"]]]);
  await relaxed;
  assert.deepEqual(await rows(driver), ["relaxed", "then", "durable"]);
  const last = driver.batch([["INSERT INTO t (x) VALUES (?)", ["at close"]]], { durable: false });
  await driver.close();
  await last;
  const reopened = new WorkerSqliteDriver(join(tmp.dir, "flushed.db"));
  assert.deepEqual((await rows(reopened)).at(-1), "at close");
  await reopened.close();
});

void test("relaxed batches holding 64 KiB of text between them are posted at once, not held for company", async () => {
  const driver = new WorkerSqliteDriver(join(tmp.dir, "bulky.db"));
  await driver.run("CREATE TABLE t (x TEXT)");
  const before = driver.stats.messages;
  const text = "j".repeat(20_000);
  const written: Promise<void>[] = [];
  // Three 20 kB batches wait for company; the fourth passes 64 Ki characters: all four go.
  for (let i = 0; i < 3; i++)
    written.push(driver.batch([["INSERT INTO t (x) VALUES (?)", [text]]], { durable: false }));
  assert.equal(driver.stats.messages - before, 0, "small relaxed batches wait");
  written.push(driver.batch([["INSERT INTO t (x) VALUES (?)", [text]]], { durable: false }));
  assert.equal(driver.stats.messages - before, 1, "posted as soon as the text passed the limit");
  // The count starts again: the next one waits.
  written.push(driver.batch([["INSERT INTO t (x) VALUES (?)", ["small"]]], { durable: false }));
  assert.equal(driver.stats.messages - before, 1);
  await Promise.all(written);
  assert.equal(driver.stats.messages - before, 2);
  assert.deepEqual((await rows(driver)).length, 5);
  await driver.close();
});
