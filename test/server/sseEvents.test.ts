import { test } from "node:test";
import assert from "node:assert/strict";
import { setImmediate } from "node:timers/promises";
import { apiHarness, auth, waitFor, type ApiHarness } from "../support/apiHarness.js";
import { SseReader, type SseMessage } from "../support/sseReader.js";

async function createReady(
  api: ApiHarness,
  prompt?: string,
): Promise<{ id: string; last: number }> {
  const created = await api.call("POST", "/api/agent-sessions", "operator", {
    agent: "demo",
    cwd: api.dir,
    ...(prompt ? { prompt } : {}),
  });
  const { id } = (await created.json()) as { id: string };
  const last = await waitFor("the session to be ready", async () => {
    const view = (await (await api.call("GET", `/api/agent-sessions/${id}`, "viewer")).json()) as {
      state: string;
      turns?: number;
      lastEventId: number;
    };
    return view.state === "ready" && (prompt === undefined || view.turns === 1)
      ? view.lastEventId
      : undefined;
  });
  return { id, last };
}

async function stream(
  api: ApiHarness,
  id: string,
  headers: Record<string, string> = {},
  query = "",
): Promise<SseReader> {
  const response = await api.app.request(`/api/agent-sessions/${id}/events${query}`, {
    headers: auth("viewer", headers),
  });
  assert.equal(response.status, 200);
  assert.match(response.headers.get("content-type") ?? "", /^text\/event-stream/);
  assert.ok(response.body);
  return new SseReader(response.body);
}

function seqs(messages: SseMessage[]): number[] {
  return messages.map((m) => Number(m.id));
}

test("events: id is the sequence, event the type, data the envelope with raw; resume is exact", async () => {
  const api = apiHarness({ files: { "README.md": "# A\n\nB.\n" } });
  try {
    const { id, last } = await createReady(api, "@chunks 12\n@read README.md");
    assert.ok(last > 15, `only ${last} events`);
    const all = await stream(api, id);
    const first = await all.until((m) => Number(m.id) === last);
    await all.cancel();
    assert.deepEqual(
      seqs(first),
      Array.from({ length: last }, (_, i) => i + 1),
    );
    for (const message of first) {
      const data = JSON.parse(message.data) as {
        schema: string;
        seq: number;
        type: string;
        sessionId: string;
      };
      assert.equal(data.schema, "acpgate.event.v1");
      assert.equal(data.seq, Number(message.id));
      assert.equal(data.type, message.event);
      assert.equal(data.sessionId, id);
    }
    const chunk = first.find((m) => m.event === "agent_message");
    assert.equal(
      (JSON.parse(chunk?.data ?? "{}") as { raw?: { method?: string } }).raw?.method,
      "session/update",
    );

    for (const [headers, query] of [
      [{ "last-event-id": "7" }, ""],
      [{}, "?after=7"],
      [{ "last-event-id": "7" }, "?after=2"],
    ] as const) {
      const resumed = await stream(api, id, headers, query);
      const got = await resumed.until((m) => Number(m.id) === last);
      await resumed.cancel();
      assert.deepEqual(
        seqs(got),
        Array.from({ length: last - 7 }, (_, i) => i + 8),
        JSON.stringify(headers) + query,
      );
    }
    const bad = await api.app.request(`/api/agent-sessions/${id}/events`, {
      headers: auth("viewer", { "last-event-id": "seven" }),
    });
    assert.equal(bad.status, 400);
  } finally {
    await api.close();
  }
});

test("live events arrive in order with heartbeats between; the stream ends with the session", async () => {
  const api = apiHarness({ sse: { heartbeatMs: 40 } });
  try {
    const { id, last } = await createReady(api);
    const live = await stream(api, id, { "last-event-id": String(last) });
    await api.call("POST", `/api/agent-sessions/${id}/prompt`, "operator", {
      prompt: "@sleep 200\n@say done",
    });
    const turn = await live.until((m) => m.event === "turn_ended");
    assert.deepEqual(
      seqs(turn),
      Array.from({ length: turn.length }, (_, i) => last + i + 1),
    );
    assert.ok(live.comments >= 3, `heartbeats: ${live.comments}`);
    await api.call("DELETE", `/api/agent-sessions/${id}`, "operator");
    const rest = await live.rest();
    assert.equal(rest.at(-1)?.event, "end");
    assert.ok(rest.some((m) => m.event === "session_state" && m.data.includes('"state":"closed"')));
  } finally {
    await api.close();
  }
});

test("a reader that comes back after the session ended resumes exactly: the tail it missed, then end", async () => {
  const api = apiHarness();
  try {
    const { id, last } = await createReady(api, "@say hello");
    const closed = await api.call("DELETE", `/api/agent-sessions/${id}`, "operator");
    assert.equal(closed.status, 200);
    const late = await stream(api, id, { "last-event-id": String(last) });
    const tail = await late.rest();
    assert.equal(tail.at(-1)?.event, "end");
    const events = tail.slice(0, -1);
    assert.ok(events.length >= 2, "closing and closed");
    assert.deepEqual(
      seqs(events),
      Array.from({ length: events.length }, (_, i) => last + i + 1),
      "exactly the events after the cursor",
    );
    assert.ok(events.some((m) => m.event === "session_state" && m.data.includes('"closed"')));
  } finally {
    await api.close();
  }
});

test("a cursor older than the kept events gets a gap event naming what is gone, then the rest", async () => {
  const api = apiHarness({ eventLogCapacity: 8 });
  try {
    const { id, last } = await createReady(api, "@chunks 20");
    const reader = await stream(api, id, { "last-event-id": "2" });
    const got = await reader.until((m) => Number(m.id) === last);
    await reader.cancel();
    const firstKept = last - 8 + 1;
    assert.equal(got[0]?.event, "gap");
    assert.deepEqual(JSON.parse(got[0]?.data ?? "{}"), {
      from: 3,
      to: firstKept - 1,
      reason: "no longer kept",
    });
    assert.equal(got[0]?.id, String(firstKept - 1), "a reconnect after the gap resumes after it");
    assert.deepEqual(
      seqs(got.slice(1)),
      Array.from({ length: 8 }, (_, i) => firstKept + i),
    );
  } finally {
    await api.close();
  }
});

test("a subscriber that does not read is disconnected with a reason; the session goes on", async () => {
  const api = apiHarness({ sse: { maxQueued: 5 } });
  try {
    const { id, last } = await createReady(api);
    const stalled = await stream(api, id, { "last-event-id": String(last) });
    const other = await stream(api, id, { "last-event-id": String(last) });
    // The reading subscriber reads from before the prompt: it sees the whole turn while the
    // stalled one is dropped.
    const reading = other.until((m) => m.event === "turn_ended");
    const prompted = await api.call("POST", `/api/agent-sessions/${id}/prompt`, "operator", {
      prompt: "@chunks 30",
    });
    assert.equal(prompted.status, 202, await prompted.clone().text());
    const seen = await reading;
    assert.deepEqual(
      seqs(seen),
      Array.from({ length: seen.length }, (_, i) => last + i + 1),
    );
    // The stream judges a reader once it had a turn to pull (a setImmediate after the burst).
    // On a loaded machine the whole turn arrives in one read, and the reading side resolves in
    // that same tick: reading the stalled stream now would be a pull in time. One turn of the
    // event loop lets the judgement run first, as it would for a client that really stalls.
    await setImmediate();
    const dropped = await stalled.rest();
    assert.equal(dropped.at(-1)?.event, "disconnect");
    const why = JSON.parse(dropped.at(-1)?.data ?? "{}") as { reason: string; lastEventId: number };
    assert.equal(why.reason, "slow_consumer");
    assert.equal(why.lastEventId, last, "nothing was delivered, so resume from where it started");
    await other.cancel();
  } finally {
    await api.close();
  }
});
