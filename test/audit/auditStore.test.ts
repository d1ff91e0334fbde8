import { join } from "node:path";
import { PostgresDriver } from "../../src/audit/postgresDriver.js";
import { SqliteDriver } from "../../src/audit/sqliteDriver.js";
import { testPostgres } from "../support/postgres.js";
import { storeSuite } from "../support/storeSuite.js";
import { tempDir } from "../support/tempDir.js";
import { describe, it } from "node:test";

const tmp = tempDir("acpgate-store-");
let n = 0;
storeSuite({
  name: "SQLite",
  fresh: async () => {
    const file = join(tmp.dir, `db${++n}`, "acpgate.db");
    return { driver: new SqliteDriver(file), reopen: () => new SqliteDriver(file) };
  },
  cleanup: async () => tmp.remove(),
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
    cleanup: () => pg.stop(),
  });
}
