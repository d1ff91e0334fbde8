import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { Catalogue } from "../../src/agents/catalogue.js";
import { configSchema } from "../../src/config/schema.js";
import type { SessionEvent } from "../../src/sessions/events.js";
import { readOnlySessionGuard } from "../support/readOnlyGuard.js";
import { SessionManager } from "../../src/sessions/sessionManager.js";

// What real agents do that the schema does not say, in one scripted agent process: the session
// still starts, every update is normalised (never thrown away), and the turn ends normally.

const AGENT = fileURLToPath(new URL("../fixtures/quirkyAgent.js", import.meta.url));

void test("updates before session/new, unannounced permission, nulls and _meta everywhere", async () => {
  const config = configSchema.parse({
    agents: { quirky: { command: process.execPath, args: [AGENT] } },
  });
  const manager = new SessionManager({
    catalogue: new Catalogue(config),
    guardFor: () => readOnlySessionGuard(),
  });
  const session = manager.prepare({ agentId: "quirky", cwd: process.cwd(), unattended: true });
  const events: SessionEvent[] = [];
  session.on((event) => events.push(event));
  try {
    await session.start();
    const turn = await session.prompt("go");
    assert.equal(turn.stopReason, "end_turn");
  } finally {
    await manager.dispose();
  }
  const types = events.map((e) => e.type);
  assert.ok(types.indexOf("agent_message") < types.indexOf("session_started"), "early update kept");
  const asked = events.find((e) => e.type === "permission_asked");
  assert.ok(asked?.type === "permission_asked");
  assert.equal(asked.announced, false);
  assert.equal(asked.title, "Write out.txt");
  assert.equal(asked.kind, "edit");
  const call = events.find((e) => e.type === "tool_call");
  assert.ok(call?.type === "tool_call");
  assert.deepEqual(
    [call.title, call.kind, call.status, call.locations],
    ["", "other", "pending", []],
  );
  const usage = events.find((e) => e.type === "usage");
  assert.ok(usage?.type === "usage");
  assert.equal(usage.used, undefined);
  assert.equal(usage.size, 1000);
  assert.ok(events.some((e) => e.type === "session_info" && e.title === null));
  assert.ok(events.some((e) => e.type === "update_unknown" && e.sessionUpdate === "future_update"));
  const text = events.flatMap((e) => (e.type === "agent_message" ? [e.text] : [])).join("|");
  assert.equal(text, "early|permission: no");
});
