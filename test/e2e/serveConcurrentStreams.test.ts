import { test } from "node:test";
import assert from "node:assert/strict";
import { createLogger } from "../../src/audit/logger.js";
import { createPlane } from "../../src/surfaces/plane.js";
import { startServer } from "../../src/surfaces/server/startServer.js";
import { SseReader } from "../support/sseReader.js";
import { tempDir } from "../support/tempDir.js";

const SESSIONS = 20;
const SUBSCRIBERS = 5;

test("20 sessions through the API, 5 SSE subscribers each: every subscriber sees every event in order", async () => {
  const ws = tempDir({});
  const plane = createPlane({
    cwd: ws.dir,
    surface: "api",
    logger: createLogger({ format: "json", level: "error" }),
  });
  const server = await startServer({ plane, host: "127.0.0.1", port: 0, logger: plane.logger });
  const headers = {
    authorization: `Bearer ${server.oneTimeToken}`,
    "content-type": "application/json",
  };
  const api = (path: string, init: RequestInit = {}): Promise<Response> =>
    fetch(`${server.url}${path}`, { ...init, headers });
  try {
    const ids = await Promise.all(
      Array.from({ length: SESSIONS }, async () => {
        const created = await api("/api/agent-sessions", {
          method: "POST",
          body: JSON.stringify({ agent: "demo", cwd: ws.dir }),
        });
        assert.equal(created.status, 201);
        return ((await created.json()) as { id: string }).id;
      }),
    );
    const subscribe = (id: string, count: number): Promise<SseReader[]> =>
      Promise.all(
        Array.from({ length: count }, async () => {
          const response = await api(`/api/agent-sessions/${id}/events`);
          assert.ok(response.body);
          return new SseReader(response.body);
        }),
      );
    // Two subscribers before the turn, three that join while it streams (replay, then live).
    const early = await Promise.all(ids.map((id) => subscribe(id, 2)));
    const prompted = ids.map((id, i) =>
      api(`/api/agent-sessions/${id}/prompt`, {
        method: "POST",
        // An event every few ms for a while: the late subscribers join mid-stream.
        body: JSON.stringify({
          prompt: Array.from({ length: 40 + i }, (_, k) => `@say s${i}.${k}\n@sleep 4`).join("\n"),
        }),
      }),
    );
    await new Promise((r) => setTimeout(r, 60));
    const late = await Promise.all(ids.map((id) => subscribe(id, SUBSCRIBERS - 2)));
    await Promise.all(prompted);
    const readers = ids.map((_, i) => [...(early[i] ?? []), ...(late[i] ?? [])]);
    await Promise.all(
      ids.map(async (id, i) => {
        const seen = await Promise.all(
          (readers[i] ?? []).map((r) => r.until((m) => m.event === "turn_ended", 60_000)),
        );
        assert.equal(seen.length, SUBSCRIBERS);
        const view = (await (await api(`/api/agent-sessions/${id}`)).json()) as {
          lastEventId: number;
        };
        const first = seen[0]?.map((m) => Number(m.id)) ?? [];
        assert.deepEqual(
          first,
          Array.from({ length: first.length }, (_, k) => k + 1),
          `session ${i}: in order, none missing`,
        );
        assert.ok(first.length >= 40 + i, `session ${i}: ${first.length} events`);
        assert.ok(view.lastEventId >= first.length);
        for (const other of seen.slice(1))
          assert.deepEqual(
            other.map((m) => `${m.id}:${m.data}`),
            (seen[0] ?? []).map((m) => `${m.id}:${m.data}`),
            `session ${i}: every subscriber sees the same events`,
          );
        for (const r of readers[i] ?? []) await r.cancel();
      }),
    );
  } finally {
    await server.drain("test over");
    ws.cleanup();
  }
});
