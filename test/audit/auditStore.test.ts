import assert from "node:assert/strict";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PostgresDriver } from "../../src/audit/postgresDriver.js";
import { SqliteDriver } from "../../src/audit/sqliteDriver.js";
import { WorkerSqliteDriver } from "../../src/audit/workerSqliteDriver.js";
import { testPostgres } from "../support/postgres.js";
import { storeSuite } from "../support/storeSuite.js";
import { scratchDir } from "../support/scratchDir.js";
import { runCli } from "../support/acpgateCli.js";
import { after, describe, it } from "node:test";

const tmp = scratchDir("acpgate-store-");
let n = 0;
storeSuite({
  name: "SQLite",
  fresh: async () => {
    const file = join(tmp.dir, `db${++n}`, "acpgate.db");
    return { driver: new SqliteDriver(file), reopen: () => new SqliteDriver(file) };
  },
  cleanup: async () => tmp.remove(),
});

// The plane's writer: the same engine in a worker thread, appends in one message each.
storeSuite({
  name: "SQLite in a worker thread",
  fresh: async () => {
    const file = join(tmp.dir, `db${++n}`, "acpgate.db");
    return { driver: new WorkerSqliteDriver(file), reopen: () => new WorkerSqliteDriver(file) };
  },
});

const pg = await testPostgres();
if ("skip" in pg) {
  void describe("AuditStore on PostgreSQL", () => {
    void it("needs a PostgreSQL server", { skip: pg.skip }, () => undefined);
  });
} else {
  storeSuite({
    name: "PostgreSQL",
    fresh: async () => {
      const url = await pg.freshDatabase();
      return { driver: new PostgresDriver(url), reopen: () => new PostgresDriver(url) };
    },
  });
  // After every suite of this file: the run test below uses the same server.
  after(() => pg.stop());

  void describe("acpgate on PostgreSQL", () => {
    void it("records a real run in PostgreSQL, and audit verify reads it back", async () => {
      const url = await pg.freshDatabase();
      const dir = scratchDir("acpgate-pg-run-");
      try {
        writeFileSync(
          join(dir.dir, "acpgate.yaml"),
          JSON.stringify({ storage: { postgres: url } }),
        );
        const run = await runCli(["run", "@write out.txt hi"], dir.dir);
        assert.equal(run.code, 5, run.stderr);
        assert.equal(existsSync(join(dir.dir, ".acpgate")), false, "nothing written to SQLite");
        const verify = await runCli(["audit", "verify"], dir.dir);
        assert.equal(verify.code, 0, verify.stderr);
        assert.match(verify.stdout, /intact: 7 records/);
        const decided = await runCli(["audit", "list", "--kind", "permission_decided"], dir.dir);
        assert.match(decided.stdout, /reject Write out\.txt \[rule posture:read-only\]/);
      } finally {
        dir.remove();
      }
    });
  });
}
