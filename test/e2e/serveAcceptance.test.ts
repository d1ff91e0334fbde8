import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REVIEWED_CONFIG } from "../support/apiHarness.js";
import { runCli } from "../support/cli.js";
import { startServe } from "../support/serveProcess.js";
import { SseReader } from "../support/sseReader.js";
import { tempDir } from "../support/tempDir.js";

async function token(cwd: string, role: string, name: string): Promise<string> {
  const made = await runCli(["token", "create", "--role", role, "--name", name], { cwd });
  assert.equal(made.code, 0, made.stderr);
  return made.stdout.trim();
}

async function until<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test("acceptance: serve, a demo session over HTTP, SSE, a pending write approved, exact resume, audit", async () => {
  const ws = tempDir({ "notes.txt": "original\n" });
  writeFileSync(join(ws.dir, "acpgate.yaml"), REVIEWED_CONFIG);
  const alice = await token(ws.dir, "approver", "alice");
  const bob = await token(ws.dir, "operator", "bob");
  const config = readFileSync(join(ws.dir, "acpgate.yaml"), "utf8");
  assert.ok(!config.includes(alice) && !config.includes(bob), "only hashes are stored");
  assert.match(config, /name: alice\n\s+role: approver\n\s+sha256: [0-9a-f]{64}/);
  const server = await startServe(ws.dir);
  try {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(server.oneTimeToken, undefined, "tokens are configured: no one-time token");
    const api = (path: string, who: string, init: RequestInit = {}): Promise<Response> =>
      fetch(`${server.url}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${who}`,
          "content-type": "application/json",
          ...init.headers,
        },
      });
    const created = await api("/api/agent-sessions", bob, {
      method: "POST",
      body: JSON.stringify({ agent: "demo", cwd: ws.dir, policy: "reviewed" }),
    });
    assert.equal(created.status, 201);
    const { id } = (await created.json()) as { id: string };
    const events = await api(`/api/agent-sessions/${id}/events`, bob);
    assert.ok(events.body);
    const live = new SseReader(events.body);
    const prompted = await api(`/api/agent-sessions/${id}/prompt`, bob, {
      method: "POST",
      body: JSON.stringify({ prompt: "@write notes.txt approved over HTTP" }),
    });
    assert.equal(prompted.status, 202);
    const before = await live.until((m) => m.event === "permission_asked");
    const lastSeen = Number(before.at(-1)?.id);
    await live.cancel();

    const pending = await until("the pending request", async () => {
      const list = await api(`/api/permission-requests?state=pending&session=${id}`, bob);
      return ((await list.json()) as { items: { id: string; permissionRequestId?: string }[] })
        .items[0];
    });
    const asked = JSON.parse(before.at(-1)?.data ?? "{}") as { requestId: string };
    assert.equal(
      pending.permissionRequestId,
      asked.requestId,
      "the pending request names its event",
    );
    const byOperator = await api(`/api/permission-requests/${pending.id}/decision`, bob, {
      method: "POST",
      body: JSON.stringify({ decision: "allow", reason: "bob wants it" }),
    });
    assert.equal(byOperator.status, 403);
    const decided = await api(`/api/permission-requests/${pending.id}/decision`, alice, {
      method: "POST",
      body: JSON.stringify({ decision: "allow", reason: "reviewed in PR 7" }),
    });
    assert.equal(decided.status, 200);
    const lastEventId = await until("the turn to end", async () => {
      const view = (await (await api(`/api/agent-sessions/${id}`, bob)).json()) as {
        state: string;
        stopReason?: string;
        lastEventId: number;
      };
      return view.state === "ready" && view.stopReason ? view.lastEventId : undefined;
    });
    assert.equal(readFileSync(join(ws.dir, "notes.txt"), "utf8"), "approved over HTTP");

    const again = await api(`/api/agent-sessions/${id}/events`, bob, {
      headers: { "last-event-id": String(lastSeen) },
    });
    assert.ok(again.body);
    const resumed = new SseReader(again.body);
    const missed = await resumed.until((m) => Number(m.id) === lastEventId);
    await resumed.cancel();
    assert.deepEqual(
      missed.map((m) => Number(m.id)),
      Array.from({ length: lastEventId - lastSeen }, (_, i) => lastSeen + 1 + i),
    );
    const types = missed.map((m) => m.event);
    for (const type of ["permission_decided", "fs_write", "turn_ended"])
      assert.ok(types.includes(type), types.join());

    const audit = (await (
      await api(`/api/audit?session=${id}&kind=permission_decided`, bob)
    ).json()) as {
      items: { actor: string; decision: { approver?: string; reason: string; outcome: string } }[];
    };
    const record = audit.items.find((r) => r.decision.approver === "token:alice");
    assert.ok(record, JSON.stringify(audit.items));
    assert.equal(record.decision.reason, "reviewed in PR 7");
    assert.equal(record.decision.outcome, "allow");
    assert.equal((await server.stop("SIGTERM")) ?? -1, 0, server.stderr());
    const shown = await runCli(["sessions", "show", id, "--json"], { cwd: ws.dir });
    assert.match(shown.stdout, /"state":"closed"/, "drained: the session was closed, not lost");
  } finally {
    await server.stop("SIGKILL");
    ws.cleanup();
  }
});

test("with no config, serve binds 127.0.0.1, prints its URL and a one-time admin token", async () => {
  const ws = tempDir({ "README.md": "# R\n" });
  const server = await startServe(ws.dir);
  try {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(server.oneTimeToken);
    assert.match(server.stdout(), /acpgate token create --role/);
    const health = await fetch(`${server.url}/api/health`);
    assert.equal(health.status, 200);
    const denied = await fetch(`${server.url}/api/agents`);
    assert.equal(denied.status, 401);
    assert.equal(denied.headers.get("content-type"), "application/problem+json");
    const agents = await fetch(`${server.url}/api/agents`, {
      headers: { authorization: `Bearer ${server.oneTimeToken}` },
    });
    assert.equal(agents.status, 200);
    assert.ok(
      ((await agents.json()) as { items: { id: string }[] }).items.some((a) => a.id === "demo"),
    );
    assert.equal(await server.stop("SIGTERM"), 0);
    assert.match(server.stderr(), /"msg":"request"/, "requests are logged as JSON lines");
  } finally {
    await server.stop("SIGKILL");
    ws.cleanup();
  }
});

test("a session running when serve was killed is listed lost after a restart, with the reason", async () => {
  const ws = tempDir({});
  const server = await startServe(ws.dir);
  let second: Awaited<ReturnType<typeof startServe>> | undefined;
  try {
    const headers = {
      authorization: `Bearer ${server.oneTimeToken}`,
      "content-type": "application/json",
    };
    const created = await fetch(`${server.url}/api/agent-sessions`, {
      method: "POST",
      headers,
      body: JSON.stringify({ agent: "demo", cwd: ws.dir }),
    });
    const { id } = (await created.json()) as { id: string };
    await server.stop("SIGKILL");
    second = await startServe(ws.dir);
    const view = (await (
      await fetch(`${second.url}/api/agent-sessions/${id}`, {
        headers: { authorization: `Bearer ${second.oneTimeToken}` },
      })
    ).json()) as { state: string; lostReason?: string };
    assert.equal(view.state, "lost");
    assert.match(view.lostReason ?? "", /ended without ending the session/);
  } finally {
    await server.stop("SIGKILL");
    await second?.stop("SIGKILL");
    ws.cleanup();
  }
});
