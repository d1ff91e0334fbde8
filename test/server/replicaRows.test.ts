import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { PostgresDriver } from "../../src/audit/postgresDriver.js";
import { ensureReplicaSchema } from "../../src/surfaces/replicas/replicaSchema.js";
import { pruneReplicaRows } from "../../src/surfaces/replicas/pruneReplicaRows.js";
import { ReplicaForwarder } from "../../src/surfaces/replicas/replicaForwarder.js";
import { migrate } from "../../src/audit/migrate.js";
import { testPostgres, type TestPostgres } from "../support/postgres.js";

let pg: TestPostgres | { skip: string };
before(async () => {
  pg = await testPostgres();
});
after(async () => {
  if ("stop" in pg) await pg.stop();
});

async function database(): Promise<PostgresDriver> {
  if ("skip" in pg) throw new Error(pg.skip);
  const driver = new PostgresDriver(await pg.freshDatabase(), { max: 8 });
  await migrate(driver);
  await ensureReplicaSchema(driver);
  await ensureReplicaSchema(driver); // idempotent: every replica runs it at start
  return driver;
}

test("a forwarded request is served once even when two servers of one replica id claim at once", async (t) => {
  if ("skip" in pg) return t.skip(pg.skip);
  const driver = await database();
  try {
    const served: string[] = [];
    const servers = [0, 1].map(() => new ReplicaForwarder(driver, "owner", 5_000));
    for (const server of servers)
      server.serve(async (request) => {
        served.push(request.requestId);
        await new Promise((r) => setTimeout(r, 5));
        return { status: 200, contentType: "text/plain", body: `answer ${request.requestId}` };
      });
    const sender = new ReplicaForwarder(driver, "sender", 5_000);
    const claimer = setInterval(() => servers.forEach((s) => s.wake()), 5);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        sender.forward(
          "owner",
          "ses_x",
          {
            method: "POST",
            path: "/x",
            principal: { id: "token:t", name: "t", role: "admin" },
            requestId: `r${i}`,
          },
          async () => true,
        ),
      ),
    );
    clearInterval(claimer);
    assert.deepEqual(
      answers.map((a) => a.body),
      Array.from({ length: 30 }, (_, i) => `answer r${i}`),
    );
    assert.equal(served.length, 30, `each served once: ${served.join()}`);
    assert.equal(new Set(served).size, 30);
    const left = await driver.all("SELECT count(*) AS n FROM replica_requests");
    assert.equal(Number(left[0]?.n), 0, "answered requests are deleted by their sender");
  } finally {
    await driver.close();
  }
});

test("a forward to a replica that never answers ends: 409 once it is gone, 504 at the timeout", async (t) => {
  if ("skip" in pg) return t.skip(pg.skip);
  const driver = await database();
  try {
    const request = {
      method: "POST",
      path: "/x",
      principal: { id: "token:t", name: "t", role: "admin" as const },
      requestId: "r",
    };
    const sender = new ReplicaForwarder(driver, "sender", 600);
    await assert.rejects(
      sender.forward("nobody", "ses_y", request, async () => false),
      {
        status: 409,
        code: "session_lost",
      },
    );
    await assert.rejects(
      sender.forward("nobody", "ses_y", request, async () => true),
      {
        status: 504,
        code: "replica_timeout",
      },
    );
  } finally {
    await driver.close();
  }
});

test("starting a replica deletes the events of sessions ended before the retention, and stale requests", async (t) => {
  if ("skip" in pg) return t.skip(pg.skip);
  const driver = await database();
  try {
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    const recent = new Date().toISOString();
    for (const [id, endedAt] of [
      ["ses_old", old],
      ["ses_recent", recent],
      ["ses_running", null],
    ] as const) {
      await driver.run(
        `INSERT INTO sessions (id, agent_id, cwd, state, surface, actor, created_at, ended_at)
         VALUES (?, 'demo', '/', ?, 'api', 'a', ?, ?)`,
        [id, endedAt ? "closed" : "ready", old, endedAt],
      );
      await driver.run("INSERT INTO session_events (session_id, seq, event) VALUES (?, 1, '{}')", [
        id,
      ]);
    }
    await driver.run(
      `INSERT INTO replica_requests (replica_id, session_id, request, created_at)
       VALUES ('r', 'ses_old', '{}', now() - interval '2 hours'), ('r', 'ses_recent', '{}', now())`,
    );
    await pruneReplicaRows(driver, 30);
    const events = await driver.all("SELECT session_id FROM session_events ORDER BY session_id");
    assert.deepEqual(
      events.map((r) => r.session_id),
      ["ses_recent", "ses_running"],
    );
    const requests = await driver.all("SELECT session_id FROM replica_requests");
    assert.deepEqual(
      requests.map((r) => r.session_id),
      ["ses_recent"],
    );
  } finally {
    await driver.close();
  }
});
