import assert from "node:assert/strict";
import { test } from "node:test";
import { EventLog } from "../../src/sessions/eventLog.js";
import type { SessionEvent } from "../../src/sessions/events.js";
import { memorySession, type Turn } from "../support/memoryAgent.js";
import { readOnlySessionGuard } from "../support/readOnlyGuard.js";

/** The Session on an in-memory channel: lifecycle, event log and caller params, no process. */

const chunks =
  (count: number): Turn =>
  async (client, sessionId) => {
    for (let i = 0; i < count; i++)
      await client.notify("session/update", {
        sessionId,
        update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: `c${i}` } },
      });
    return "end_turn";
  };

void test("start → ready ⇄ prompting → closed on the in-memory pair, with no process", async () => {
  const session = memorySession({
    guard: readOnlySessionGuard(),
    cwd: process.cwd(),
    turn: chunks(3),
  });
  const states: string[] = [];
  session.on((e) => e.type === "session_state" && states.push(e.state));
  await session.start();
  assert.equal(session.pid, undefined);
  const turn = await session.prompt("hello");
  assert.equal(turn.stopReason, "end_turn");
  await session.close();
  assert.deepEqual(states, ["ready", "prompting", "ready", "closing", "closed"]);
});

void test("every event is numbered and kept with nobody listening; reading past the oldest is a gap", async () => {
  const session = memorySession({
    guard: readOnlySessionGuard(),
    cwd: process.cwd(),
    turn: chunks(20),
    eventLogCapacity: 8,
  });
  await session.start();
  await session.prompt("go");
  const last = session.log.lastSeq;
  assert.ok(last > 20, `seq ${last}`);
  const tail = session.log.read(last - 3);
  assert.deepEqual(
    tail.events.map((e) => e.seq),
    [last - 2, last - 1, last],
  );
  assert.equal(tail.gap, undefined);
  const stale = session.log.read(0);
  assert.deepEqual(stale.gap, { from: 1, to: last - 8 });
  assert.equal(stale.events.length, 8);
  const texts = stale.events.filter((e) => e.type === "agent_message");
  assert.ok(
    texts.every((e) => e.raw !== undefined),
    "each event keeps its raw ACP message",
  );
  await session.close();
});

void test("caller-supplied initialize, session/new and prompt params reach the agent; capabilities only narrow", async () => {
  const seen: Record<string, unknown> = {};
  const session = memorySession({
    guard: readOnlySessionGuard(),
    cwd: process.cwd(),
    turn: chunks(0),
    seen: (method, params) => (seen[method] = params),
    bootstrap: {
      initialize: {
        protocolVersion: 1,
        clientInfo: { name: "zed", version: "0.200" },
        clientCapabilities: {
          fs: { readTextFile: true, writeTextFile: true },
          terminal: true,
          auth: { terminal: true },
        },
        _meta: { traceparent: "00-abc-def-01" },
      },
      session: { _meta: { editor: "zed" } },
    },
  });
  await session.start();
  await session.prompt("hi", { params: { _meta: { traceparent: "00-abc-123-01" } } });
  await session.close();
  const init = seen.initialize as Record<string, unknown>;
  assert.equal(init.protocolVersion, 1);
  assert.deepEqual(init.clientInfo, { name: "zed", version: "0.200" });
  assert.deepEqual(init._meta, { traceparent: "00-abc-def-01" });
  // The read-only guard serves no writes and no terminal: the editor's offer is narrowed.
  assert.deepEqual(init.clientCapabilities, {
    fs: { readTextFile: true, writeTextFile: false },
    terminal: false,
    auth: { terminal: true },
  });
  assert.deepEqual((seen["session/new"] as { _meta?: unknown })._meta, { editor: "zed" });
  assert.deepEqual((seen["session/prompt"] as { _meta?: unknown })._meta, {
    traceparent: "00-abc-123-01",
  });
});

void test("the event log reads in order from any cursor and bounds what it keeps", () => {
  const log = new EventLog(3);
  const event = (seq: number) => ({ seq }) as SessionEvent;
  assert.deepEqual(log.read(0), { events: [], next: 0 });
  for (let seq = 1; seq <= 5; seq++) log.append(event(seq));
  assert.deepEqual(log.read(0).gap, { from: 1, to: 2 });
  assert.deepEqual(log.read(2).gap, undefined);
  assert.deepEqual(
    log.read(3).events.map((e) => e.seq),
    [4, 5],
  );
  assert.equal(log.read(3, 1).next, 4);
  assert.deepEqual(log.read(5), { events: [], next: 5 });
});

void test("streamedTextEvents false: text chunks of every streamed kind make no event, the session's other updates still do", async () => {
  const mixed: Turn = async (client, sessionId) => {
    const update = (u: Record<string, unknown>) =>
      client.notify("session/update", { sessionId, update: u as never });
    for (const kind of ["agent_message_chunk", "agent_thought_chunk", "user_message_chunk"])
      await update({ sessionUpdate: kind, content: { type: "text", text: kind } });
    await update({
      sessionUpdate: "agent_message_chunk",
      content: { type: "image", data: "", mimeType: "image/png" },
    });
    await update({ sessionUpdate: "tool_call", toolCallId: "t1", title: "read", kind: "read" });
    await update({ sessionUpdate: "plan", entries: [] });
    return "end_turn";
  };
  const typesOf = async (streamedTextEvents?: boolean): Promise<string[]> => {
    const session = memorySession({
      guard: readOnlySessionGuard(),
      cwd: process.cwd(),
      turn: mixed,
      ...(streamedTextEvents !== undefined ? { streamedTextEvents } : {}),
    });
    const types: string[] = [];
    session.on((e) => types.push(e.type));
    await session.start();
    await session.prompt("go");
    await session.close();
    return types.filter((t) => t !== "session_state" && t !== "session_started");
  };
  const streamed = ["agent_message", "agent_thought", "user_message", "agent_message"];
  const others = ["tool_call", "plan"];
  const all = await typesOf();
  assert.deepEqual(
    all.filter((t) => streamed.includes(t) || others.includes(t)),
    [...streamed, ...others],
  );
  const quiet = await typesOf(false);
  assert.ok(!quiet.some((t) => streamed.includes(t)), quiet.join(", "));
  assert.deepEqual(
    quiet.filter((t) => others.includes(t)),
    others,
  );
  assert.ok(quiet.includes("turn_ended"));
});
