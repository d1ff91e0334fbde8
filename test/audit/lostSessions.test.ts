import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import assert from "node:assert/strict";
import { THIS_PROCESS } from "../../src/audit/sessionOwner.js";
import { SqlAuditStore } from "../../src/audit/sqlAuditStore.js";
import { SqliteDriver } from "../../src/audit/sqliteDriver.js";
import { openAuditStore } from "../../src/audit/openAuditStore.js";
import { FIXTURES } from "../support/cli.js";
import { testPostgres } from "../support/postgres.js";
import { tempDir } from "../support/tempDir.js";

const UNFINISHED = ["starting", "ready", "prompting", "closing"];

async function lostAfterKilledOwner(where: string): Promise<void> {
  const owner = spawnSync(process.execPath, [join(FIXTURES, "sessionOwnerProcess.js"), where]);
  assert.equal(owner.signal, "SIGKILL", owner.stderr.toString());
  const storage = where.startsWith("postgres") ? { postgres: where } : { sqlite: where };
  const store = await openAuditStore(storage, process.cwd());
  try {
    const lost = await store.markLostSessions();
    assert.deepEqual(lost.map((s) => s.id).sort(), UNFINISHED.map((s) => `ses_${s}`).sort());
    assert.ok(lost.every((s) => s.owner.pid === owner.pid && s.owner.host === THIS_PROCESS.host));
    for (const state of UNFINISHED) {
      const row = await store.getSession(`ses_${state}`);
      assert.equal(row?.state, "lost");
      assert.ok(row?.endedAt);
    }
    assert.equal((await store.getSession("ses_closed"))?.state, "closed");
    assert.equal((await store.getSession("ses_failed"))?.state, "failed");
    const records = await store.list({ kind: "session_ended" });
    assert.deepEqual(
      records.map((r) => [r.sessionId, r.status, r.data?.previousState]).sort(),
      UNFINISHED.map((s) => [`ses_${s}`, "lost", s]).sort(),
    );
    assert.deepEqual(await store.markLostSessions(), [], "a lost session is marked once");
    assert.equal((await store.verify()).ok, true);
  } finally {
    await store.close();
  }
}

test("sessions a killed process left unfinished become lost, once, each with a session_ended record (SQLite)", async () => {
  const ws = tempDir();
  try {
    await lostAfterKilledOwner(join(ws.dir, "audit.db"));
  } finally {
    ws.cleanup();
  }
});

test("the same on PostgreSQL", async (t) => {
  const pg = await testPostgres();
  if ("skip" in pg) return t.skip(pg.skip);
  try {
    await lostAfterKilledOwner(await pg.freshDatabase());
  } finally {
    await pg.stop();
  }
});

test("a session of a live owner or of another host is left alone; this pid from an earlier start is lost", async () => {
  const ws = tempDir();
  const file = join(ws.dir, "audit.db");
  try {
    const store = await new SqlAuditStore(new SqliteDriver(file), file).open();
    for (const id of ["ses_live", "ses_elsewhere", "ses_earlier"]) {
      await store.putSession({
        id,
        agentId: "demo",
        cwd: "/w",
        state: "prompting",
        surface: "cli",
        actor: "ci:alice",
        createdAt: new Date().toISOString(),
      });
    }
    await store.close();
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    const sql = new SqliteDriver(file);
    await sql.run("UPDATE sessions SET owner_host = ?, owner_pid = ? WHERE id = ?", [
      "another-host",
      dead,
      "ses_elsewhere",
    ]);
    await sql.run("UPDATE sessions SET owner_started_at = ? WHERE id = ?", [
      "2001-01-01T00:00:00.000Z",
      "ses_earlier",
    ]);
    await sql.close();
    const again = await new SqlAuditStore(new SqliteDriver(file), file).open();
    assert.deepEqual(
      (await again.markLostSessions()).map((s) => s.id),
      ["ses_earlier"],
    );
    assert.equal((await again.getSession("ses_live"))?.state, "prompting");
    assert.equal((await again.getSession("ses_elsewhere"))?.state, "prompting");
    await again.close();
  } finally {
    ws.cleanup();
  }
});
