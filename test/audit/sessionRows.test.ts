import assert from "node:assert/strict";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import type { SessionRow } from "../../src/audit/auditStore.js";
import { DIALECT_WORDS, MIGRATIONS, MIGRATIONS_TABLE } from "../../src/audit/migrations.js";
import { PostgresDriver } from "../../src/audit/postgresDriver.js";
import { SqlAuditStore } from "../../src/audit/sqlAuditStore.js";
import type { SqlDriver } from "../../src/audit/sqlDriver.js";
import { SqliteDriver } from "../../src/audit/sqliteDriver.js";
import { testPostgres } from "../support/postgres.js";
import { scratchDir } from "../support/scratchDir.js";

// The sessions table as `run --resume` and `sessions list|show` read it, on both backends:
// a database of the first schema migrates with its rows intact, the new fields round-trip,
// names are unique, and rows are found by agent session, newest first.

/** A database as acpgate left it before migration 2, holding one session row. */
async function firstSchemaDatabase(driver: SqlDriver): Promise<void> {
  const first = MIGRATIONS[0];
  assert.ok(first);
  await driver.transaction(async (tx) => {
    await tx.run(MIGRATIONS_TABLE);
    for (const sql of first.statements(DIALECT_WORDS[driver.dialect])) await tx.run(sql);
    await tx.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (1, ?, ?)", [
      first.name,
      "2026-01-01T00:00:00.000Z",
    ]);
    await tx.run(
      "INSERT INTO sessions (id, agent_id, cwd, state, surface, actor, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ["ses_old", "demo", "/w", "closed", "cli", "alice", "2026-01-01T00:00:00.000Z"],
    );
  });
}

const row = (id: string, createdAt: string, extra: Partial<SessionRow> = {}): SessionRow => ({
  id,
  agentId: "demo",
  cwd: "/w",
  state: "closed",
  surface: "cli",
  actor: "alice",
  createdAt,
  ...extra,
});

function suite(name: string, fresh: () => Promise<{ driver: SqlDriver; reopen: () => SqlDriver }>) {
  void describe(`session rows on ${name}`, () => {
    void it("a first-schema database migrates; old rows read back; new fields round-trip", async () => {
      const { driver, reopen } = await fresh();
      await firstSchemaDatabase(driver);
      await driver.close();
      const store = await new SqlAuditStore(reopen(), name).open();
      try {
        assert.deepEqual(
          await store.getSession("ses_old"),
          row("ses_old", "2026-01-01T00:00:00.000Z"),
        );
        const full = row("ses_new", "2026-02-01T00:00:00.000Z", {
          agentSessionId: "demo-1",
          name: "build-7",
          policy: "workspace-write",
          environment: "ci",
          resumedFrom: "ses_old",
        });
        await store.putSession({ ...full, state: "starting" });
        await store.updateSession("ses_new", { state: "closed", mode: "code", turns: 2 });
        assert.deepEqual(await store.getSession("ses_new"), { ...full, mode: "code", turns: 2 });
        assert.deepEqual(
          (await store.listSessions({ name: "build-7" })).map((r) => r.id),
          ["ses_new"],
        );
      } finally {
        await store.close();
      }
    });

    void it("names are unique per store; rows of one agent session list newest first", async () => {
      const { driver } = await fresh();
      const store = await new SqlAuditStore(driver, name).open();
      try {
        await store.putSession(
          row("ses_a", "2026-03-01T00:00:00.000Z", { name: "job", agentSessionId: "x" }),
        );
        await assert.rejects(
          store.putSession(row("ses_b", "2026-03-02T00:00:00.000Z", { name: "job" })),
        );
        await store.putSession(row("ses_b", "2026-03-02T00:00:00.000Z", { agentSessionId: "x" }));
        await store.putSession(row("ses_c", "2026-03-03T00:00:00.000Z", { agentSessionId: "y" }));
        await store.putSession(row("ses_d", "2026-03-04T00:00:00.000Z", { agentSessionId: "x" }));
        const ofX = await store.listSessions({
          agentId: "demo",
          agentSessionId: "x",
          newestFirst: true,
        });
        assert.deepEqual(
          ofX.map((r) => r.id),
          ["ses_d", "ses_b", "ses_a"],
        );
        const newest = await store.listSessions({ newestFirst: true, limit: 2 });
        assert.deepEqual(
          newest.map((r) => r.id),
          ["ses_d", "ses_c"],
        );
      } finally {
        await store.close();
      }
    });
  });
}

const tmp = scratchDir("acpgate-rows-");
let n = 0;
suite("SQLite", async () => {
  const file = join(tmp.dir, `db${++n}`, "acpgate.db");
  return { driver: new SqliteDriver(file), reopen: () => new SqliteDriver(file) };
});
after(() => tmp.remove());

const pg = await testPostgres();
if ("skip" in pg) {
  void describe("session rows on PostgreSQL", () => {
    void it("needs a PostgreSQL server", { skip: pg.skip }, () => undefined);
  });
} else {
  suite("PostgreSQL", async () => {
    const url = await pg.freshDatabase();
    return { driver: new PostgresDriver(url), reopen: () => new PostgresDriver(url) };
  });
  after(() => pg.stop());
}
