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
    const readers = await Promise.all(
      ids.map(async (id) =>
        Promise.all(
          Array.from({ length: SUBSCRIBERS }, async () => {
            const response = await api(`/api/agent-sessions/${id}/events`);
            assert.ok(response.body);
            return new SseReader(response.body);
          }),
        ),
      ),
    );
    await Promise.all(
      ids.map((id, i) =>
        api(`/api/agent-sessions/${id}/prompt`, {
          method: "POST",
          body: JSON.stringify({ prompt: `@chunks ${20 + i}\n@say session ${i} done` }),
        }),
      ),
    );
    await Promise.all(
      ids.map(async (id, i) => {
        const seen = await Promise.all(
          (readers[i] ?? []).map((r) => r.until((m) => m.event === "turn_ended", 60_000)),
        );
        const view = (await (await api(`/api/agent-sessions/${id}`)).json()) as {
          lastEventId: number;
        };
        const first = seen[0]?.map((m) => Number(m.id)) ?? [];
        assert.deepEqual(
          first,
          Array.from({ length: first.length }, (_, k) => k + 1),
          `session ${i}: in order, none missing`,
        );
        assert.ok(first.length >= 20 + i, `session ${i}: ${first.length} events`);
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
