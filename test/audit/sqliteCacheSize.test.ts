import assert from "node:assert/strict";
import { join } from "node:path";
import { after, test } from "node:test";
import { SqliteDriver } from "../../src/audit/sqliteDriver.js";
import { WorkerSqliteDriver } from "../../src/audit/workerSqliteDriver.js";
import { scratchDir } from "../support/scratchDir.js";

const tmp = scratchDir("acpgate-sqlite-cache-");
after(() => tmp.remove());

// better-sqlite3 is compiled with a 16 MB page cache, which the wire journal's new pages
// fill (docs/bench.md, round 3): a writing connection uses SQLite's own 2 MiB.
for (const [name, driverAt] of [
  ["on this thread", (file: string) => new SqliteDriver(file)],
  ["in a worker thread", (file: string) => new WorkerSqliteDriver(file)],
] as const) {
  void test(`a writing connection keeps a 2 MiB page cache (SQLite ${name})`, async () => {
    const driver = driverAt(join(tmp.dir, `${name.length}.db`));
    try {
      const rows = await driver.all("PRAGMA cache_size");
      assert.equal(Number(rows[0]?.cache_size), -2000);
    } finally {
      await driver.close();
    }
  });
}
