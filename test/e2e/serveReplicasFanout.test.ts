import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { runCli } from "../support/cli.js";
import { testPostgres, type TestPostgres } from "../support/postgres.js";
import { apiOf, makeToken, startReplica, writeReplicaConfig } from "../support/replicaCluster.js";
import type { ServeProcess } from "../support/serveProcess.js";
import { SseReader } from "../support/sseReader.js";
import { tempDir } from "../support/tempDir.js";

let pg: TestPostgres | { skip: string };
before(async () => {
  pg = await testPostgres();
});
after(async () => {
  if ("stop" in pg) await pg.stop();
});

const SESSIONS = 50;
const SUBSCRIBERS = 2;

test("50 sessions over two replicas, 2 SSE subscribers each on the other replica: every event, in order", async (t) => {
  if ("skip" in pg) return t.skip(pg.skip);
  const ws = tempDir({});
  // No replica dies here: a lease long enough that a loaded machine never loses one.
  writeReplicaConfig(ws.dir, await pg.freshDatabase(), { leaseTimeout: "15s", heartbeat: "1s" });
  const token = await makeToken(ws.dir, "operator", "ci");
  const servers: ServeProcess[] = [];
  try {
    servers.push(await startReplica(ws.dir, "fan-a"), await startReplica(ws.dir, "fan-b"));
    const apis = servers.map((s) => apiOf(s, token));
    const owner = (i: number) => apis[i % 2]!;
    const other = (i: number) => apis[(i + 1) % 2]!;
    const ids = await Promise.all(
      Array.from({ length: SESSIONS }, async (_, i) => {
        const created = await owner(i)("/api/agent-sessions", {
          method: "POST",
          body: JSON.stringify({ agent: "demo", cwd: ws.dir }),
        });
        assert.equal(created.status, 201, await created.clone().text());
        return ((await created.json()) as { id: string }).id;
      }),
    );
    const readers = await Promise.all(
      ids.map((id, i) =>
        Promise.all(
          Array.from({ length: SUBSCRIBERS }, async () => {
            const response = await other(i)(`/api/agent-sessions/${id}/events`);
            assert.equal(response.status, 200);
            assert.ok(response.body);
            return new SseReader(response.body);
          }),
        ),
      ),
    );
    await Promise.all(
      ids.map(async (id, i) => {
        const prompted = await owner(i)(`/api/agent-sessions/${id}/prompt`, {
          method: "POST",
          body: JSON.stringify({
            prompt: Array.from({ length: 20 }, (_, k) => `@say s${i}.${k}\n@sleep 5`).join("\n"),
          }),
        });
        assert.equal(prompted.status, 202, await prompted.clone().text());
      }),
    );
    await Promise.all(
      ids.map(async (id, i) => {
        const seen = await Promise.all(
          // The turn's last event: back to ready after prompting.
          (readers[i] ?? []).map((r) =>
            r.until((m) => /"previous":"prompting"/.test(m.data), 90_000),
          ),
        );
        const first = seen[0] ?? [];
        assert.deepEqual(
          first.map((m) => Number(m.id)),
          Array.from({ length: first.length }, (_, k) => k + 1),
          `session ${i}: every event from the first, in order`,
        );
        const said = first.filter((m) => m.event === "agent_message").map((m) => m.data);
        for (let k = 0; k < 20; k++)
          assert.ok(
            said.some((d) => d.includes(`s${i}.${k}`)),
            `session ${i}: message ${k} arrived`,
          );
        const view = (await (await owner(i)(`/api/agent-sessions/${id}`)).json()) as {
          lastEventId: number;
        };
        assert.equal(first.length, view.lastEventId, `session ${i}: as many as the owner has`);
        for (const other of seen.slice(1))
          assert.deepEqual(
            other.map((m) => `${m.id}:${m.data}`),
            first.map((m) => `${m.id}:${m.data}`),
            `session ${i}: both subscribers see the same events`,
          );
        for (const r of readers[i] ?? []) await r.cancel();
      }),
    );
    for (const s of servers) assert.equal(await s.stop("SIGTERM"), 0, s.stderr());
    // Both replicas appended to the one chain at once: every link holds.
    const verified = await runCli(["audit", "verify"], { cwd: ws.dir });
    assert.equal(verified.code, 0, verified.stdout + verified.stderr);
  } finally {
    for (const s of servers) await s.stop("SIGKILL");
    ws.cleanup();
  }
});
