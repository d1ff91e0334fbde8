import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../support/cli.js";
import { testPostgres, type TestPostgres } from "../support/postgres.js";
import {
  alive,
  apiOf,
  descendantsOf,
  makeToken,
  startReplica,
  until,
  writeReplicaConfig,
} from "../support/replicaCluster.js";
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

interface View {
  id: string;
  state: string;
  stopReason?: string;
  lastEventId?: number;
  live: boolean;
  replica?: string;
  failure?: { code: string };
}
interface Pending {
  id: string;
  permissionRequestId?: string;
}
interface AuditItem {
  kind: string;
  requestId?: string;
  status?: string;
  decision?: { approver?: string; outcome: string; reason: string };
  data?: { reason?: string };
  chain?: string;
}

test("two replicas: a session on A, followed, prompted and approved on B, resumed on A; kill -9 A fails it on B", async (t) => {
  if ("skip" in pg) return t.skip(pg.skip);
  const ws = tempDir({ "notes.txt": "original\n" });
  writeReplicaConfig(ws.dir, await pg.freshDatabase());
  const alice = await makeToken(ws.dir, "approver", "alice");
  const bob = await makeToken(ws.dir, "operator", "bob");
  const servers: ServeProcess[] = [];
  try {
    const a = await startReplica(ws.dir, "replica-a");
    servers.push(a);
    const b = await startReplica(ws.dir, "replica-b");
    servers.push(b);
    const onA = apiOf(a, bob);
    const onB = apiOf(b, bob);
    const health = (await (await fetch(`${b.url}/api/health`)).json()) as { replica?: string };
    assert.equal(health.replica, "replica-b");

    const created = await onA("/api/agent-sessions", {
      method: "POST",
      body: JSON.stringify({ agent: "demo", cwd: ws.dir, policy: "reviewed" }),
    });
    assert.equal(created.status, 201, await created.clone().text());
    const { id } = (await created.json()) as { id: string };

    const listed = (await (await onB("/api/agent-sessions")).json()) as { items: View[] };
    const item = listed.items.find((v) => v.id === id);
    assert.equal(item?.replica, "replica-a", "B lists the session as A's");
    assert.equal(item?.live, true);

    // Followed on B, prompted through B: the prompt reaches A's agent.
    const streamB = await onB(`/api/agent-sessions/${id}/events`);
    assert.equal(streamB.status, 200);
    assert.ok(streamB.body);
    const liveB = new SseReader(streamB.body);
    const prompted = await onB(`/api/agent-sessions/${id}/prompt`, {
      method: "POST",
      body: JSON.stringify({ prompt: "@write notes.txt approved across replicas" }),
    });
    assert.equal(prompted.status, 202, await prompted.clone().text());
    assert.equal(prompted.headers.get("x-acpgate-replica"), "replica-a", "A answered it");
    const before = await liveB.until((m) => m.event === "permission_asked");
    const lastSeen = Number(before.at(-1)?.id);
    assert.deepEqual(
      before.map((m) => Number(m.id)),
      Array.from({ length: lastSeen }, (_, i) => i + 1),
      "B streams A's session from the first event, in order",
    );
    await liveB.cancel();

    // Pending on B, approved on B by alice: the decision is A's desk's.
    const pending = await until("the pending request on B", async () => {
      const list = await apiOf(b, alice)(`/api/permission-requests?session=${id}`);
      return ((await list.json()) as { items: Pending[] }).items[0];
    });
    const asked = JSON.parse(before.at(-1)?.data ?? "{}") as { requestId: string };
    assert.equal(pending.permissionRequestId, asked.requestId);
    const decided = await apiOf(b, alice)(`/api/permission-requests/${pending.id}/decision`, {
      method: "POST",
      body: JSON.stringify({ decision: "allow", reason: "reviewed on B" }),
    });
    assert.equal(decided.status, 200, await decided.clone().text());
    const lastEventId = await until("the turn to end", async () => {
      const view = (await (await onB(`/api/agent-sessions/${id}`)).json()) as View;
      return view.state === "ready" && view.stopReason ? view.lastEventId : undefined;
    });
    assert.equal(readFileSync(join(ws.dir, "notes.txt"), "utf8"), "approved across replicas");

    // Resumed on A, and on B, with Last-Event-ID: exactly the missed events, on either.
    const want = Array.from({ length: lastEventId - lastSeen }, (_, i) => lastSeen + 1 + i);
    for (const api of [onA, onB]) {
      const again = await api(`/api/agent-sessions/${id}/events`, {
        headers: { "last-event-id": String(lastSeen) },
      });
      assert.ok(again.body);
      const resumed = new SseReader(again.body);
      const missed = await resumed.until((m) => Number(m.id) === lastEventId);
      await resumed.cancel();
      assert.deepEqual(
        missed.map((m) => Number(m.id)),
        want,
      );
      const types = missed.map((m) => m.event);
      for (const type of ["permission_decided", "fs_write", "turn_ended"])
        assert.ok(types.includes(type), types.join());
    }
    const decisions = (await (
      await onB(`/api/audit?session=${id}&kind=permission_decided`)
    ).json()) as { items: AuditItem[] };
    assert.equal(
      decisions.items.filter((r) => r.decision?.approver === "token:alice").length,
      1,
      "the approver is on the record once",
    );

    // A second write waits for a person when A is killed.
    const follow = await onB(`/api/agent-sessions/${id}/events`, {
      headers: { "last-event-id": String(lastEventId) },
    });
    assert.ok(follow.body);
    const tail = new SseReader(follow.body);
    const second = await onA(`/api/agent-sessions/${id}/prompt`, {
      method: "POST",
      body: JSON.stringify({ prompt: "@write notes.txt never written" }),
    });
    assert.equal(second.status, 202);
    const waiting = await until("the second pending request", async () => {
      const list = await onB(`/api/permission-requests?session=${id}`);
      return ((await list.json()) as { items: Pending[] }).items[0];
    });
    const agents = descendantsOf(a.child.pid!);
    assert.ok(agents.length > 0, "A runs the agent");
    const killedAt = Date.now();
    a.child.kill("SIGKILL");
    const ended = await tail.until((m) => m.event === "end", 15_000);
    const failed = ended.filter((m) => m.event === "session_state").at(-1);
    assert.ok(failed, ended.map((m) => m.event).join());
    assert.match(failed.data, /"state":"failed"/);
    assert.match(failed.data, /"reason":"replica_lost"/);
    const view = (await (await onB(`/api/agent-sessions/${id}`)).json()) as View;
    assert.equal(view.state, "failed");
    assert.equal(view.failure?.code, "replica_lost");
    assert.ok(Date.now() - killedAt < 8_000, "failed within the lease timeout (4 s) and a beat");

    const late = await apiOf(b, alice)(`/api/permission-requests/${waiting.id}/decision`, {
      method: "POST",
      body: JSON.stringify({ decision: "allow", reason: "too late" }),
    });
    assert.equal(late.status, 409);
    assert.equal(((await late.json()) as { code: string }).code, "session_lost");
    const prompt = await onB(`/api/agent-sessions/${id}/prompt`, {
      method: "POST",
      body: JSON.stringify({ prompt: "anyone?" }),
    });
    assert.equal(prompt.status, 409);

    const audit = (await (await onB(`/api/audit?session=${id}`)).json()) as {
      items: AuditItem[];
    };
    const undelivered = audit.items.filter(
      (r) => r.kind === "permission_decided" && r.status === "not_delivered",
    );
    assert.equal(undelivered.length, 1, "the pending request is on the record as not delivered");
    assert.equal(undelivered[0]?.requestId, waiting.permissionRequestId);
    const endedRecord = audit.items.find((r) => r.kind === "session_ended");
    assert.equal(endedRecord?.status, "failed");
    assert.equal(endedRecord?.data?.reason, "replica_lost");
    assert.equal(endedRecord?.chain, "replica-b", "the reaper records in its own chain");
    assert.equal(undelivered[0]?.chain, "replica-b");
    const started = audit.items.find((r) => r.kind === "session_started");
    assert.equal(started?.chain, "replica-a", "the owner records in its own chain");
    await until("A's agent processes to be gone", async () =>
      agents.every((pid) => !alive(pid)) ? true : undefined,
    );
    assert.equal(readFileSync(join(ws.dir, "notes.txt"), "utf8"), "approved across replicas");

    const verified = await runCli(["audit", "verify", "--json"], { cwd: ws.dir });
    assert.equal(verified.code, 0, verified.stdout + verified.stderr);
    const chains = (JSON.parse(verified.stdout) as { chains?: { chain: string; ok: boolean }[] })
      .chains;
    assert.deepEqual(
      chains?.filter((c) => c.chain.startsWith("replica-")).map((c) => [c.chain, c.ok]),
      [
        ["replica-a", true],
        ["replica-b", true],
      ],
    );
    assert.equal(await b.stop("SIGTERM"), 0, b.stderr());
  } finally {
    for (const s of servers) await s.stop("SIGKILL");
    ws.cleanup();
  }
});

test("SIGTERM drains a replica: the running turn finishes, then the session closes with replica_draining", async (t) => {
  if ("skip" in pg) return t.skip(pg.skip);
  const ws = tempDir({});
  writeReplicaConfig(ws.dir, await pg.freshDatabase());
  const bob = await makeToken(ws.dir, "operator", "bob");
  const servers: ServeProcess[] = [];
  try {
    const a = await startReplica(ws.dir, "drain-a");
    servers.push(a);
    const b = await startReplica(ws.dir, "drain-b");
    servers.push(b);
    const onA = apiOf(a, bob);
    const onB = apiOf(b, bob);
    const created = await onA("/api/agent-sessions", {
      method: "POST",
      body: JSON.stringify({ agent: "demo", cwd: ws.dir }),
    });
    const { id } = (await created.json()) as { id: string };
    const stream = await onB(`/api/agent-sessions/${id}/events`);
    assert.ok(stream.body);
    const live = new SseReader(stream.body);
    await onB(`/api/agent-sessions/${id}/prompt`, {
      method: "POST",
      body: JSON.stringify({ prompt: "@sleep 1200\n@say finished before the drain" }),
    });
    await live.until((m) => m.event === "turn_started");
    const exited = a.stop("SIGTERM");
    const rest = await live.until((m) => m.event === "end", 20_000);
    const events = rest.map((m) => m.event);
    assert.ok(events.includes("turn_ended"), `the turn ran to its end: ${events.join()}`);
    assert.ok(
      rest.some((m) => m.event === "agent_message" && m.data.includes("finished before the drain")),
    );
    const closed = rest.filter((m) => m.event === "session_state").at(-1);
    assert.match(closed?.data ?? "", /"state":"closed"/);
    assert.match(closed?.data ?? "", /"reason":"replica_draining"/);
    assert.equal(await exited, 0, a.stderr());
    const view = (await (await onB(`/api/agent-sessions/${id}`)).json()) as View;
    assert.equal(view.state, "closed");
  } finally {
    for (const s of servers) await s.stop("SIGKILL");
    ws.cleanup();
  }
});
