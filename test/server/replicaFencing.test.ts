import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import pg from "pg";
import { createLogger } from "../../src/audit/logger.js";
import { createPlane } from "../../src/surfaces/plane.js";
import { startServer } from "../../src/surfaces/server/startServer.js";
import { testPostgres, type TestPostgres } from "../support/postgres.js";
import { alive, until, writeReplicaConfig } from "../support/replicaCluster.js";
import { tempDir } from "../support/tempDir.js";

let db: TestPostgres | { skip: string };
before(async () => {
  db = await testPostgres();
});
after(async () => {
  if ("stop" in db) await db.stop();
});

test("a replica that finds its lease on a session taken ends that session itself (replica_lost)", async (t) => {
  if ("skip" in db) return t.skip(db.skip);
  const ws = tempDir({});
  const url = await db.freshDatabase();
  writeReplicaConfig(ws.dir, url);
  const plane = createPlane({
    cwd: ws.dir,
    configFile: join(ws.dir, "acpgate.yaml"),
    surface: "api",
    logger: createLogger({ format: "json", level: "error" }),
  });
  const server = await startServer({
    plane,
    host: "127.0.0.1",
    port: 0,
    logger: plane.logger,
    replicaId: "fenced",
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const created = await fetch(`${server.url}/api/agent-sessions`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${server.oneTimeToken}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ agent: "demo", cwd: ws.dir }),
    });
    assert.equal(created.status, 201);
    const { id } = (await created.json()) as { id: string };
    const session = plane.manager.get(id);
    const pid = session.pid;
    assert.ok(pid && alive(pid));
    const lease = await client.query<{ replica_id: string }>(
      "SELECT replica_id FROM session_leases WHERE session_id = $1",
      [id],
    );
    assert.equal(lease.rows[0]?.replica_id, "fenced", "the lease is committed before the 201");
    // What another replica does to a lease it found expired.
    await client.query("DELETE FROM session_leases WHERE session_id = $1", [id]);
    await until("the session to fail here", async () =>
      session.state === "failed" ? true : undefined,
    );
    assert.equal(session.failure?.code, "replica_lost");
    await until("its agent to be gone", async () => (alive(pid) ? undefined : true));
  } finally {
    await client.end();
    await server.drain("test over");
    ws.cleanup();
  }
});
