import { test } from "node:test";
import assert from "node:assert/strict";
import { Catalogue } from "../../src/agents/catalogue.js";
import { SessionManager } from "../../src/sessions/sessionManager.js";
import { readOnlySessionGuard } from "../support/readOnlyGuard.js";
import type { SessionEvent } from "../../src/sessions/events.js";
import { isAcpgateError } from "../../src/util/errors.js";
import { waitGone } from "../support/processes.js";
import { tempDir } from "../support/tempDir.js";

function manager(env: NodeJS.ProcessEnv = process.env): SessionManager {
  return new SessionManager({
    catalogue: new Catalogue({ agents: {} }),
    guardFor: () => readOnlySessionGuard(),
    planeEnv: env,
  });
}

test("session/load replays history marked as replay; resume continues without replay", async () => {
  const state = tempDir();
  const ws = tempDir({ "a.txt": "alpha\n" });
  const env = { ...process.env, ACPGATE_DEMO_STATE_DIR: state.dir };
  const plane = manager(env);
  try {
    const first = await plane.create({ agentId: "demo", cwd: ws.dir, unattended: true });
    await first.prompt("@say remember the word banana");
    const agentSessionId = first.agentSessionId ?? "";
    await plane.close(first.id);

    const events: SessionEvent[] = [];
    const loaded = plane.prepare({
      agentId: "demo",
      cwd: ws.dir,
      start: { how: "load", agentSessionId },
    });
    loaded.on((e) => events.push(e));
    await loaded.start();
    const replayed = events.filter(
      (e) => (e.type === "agent_message" || e.type === "user_message") && e.replay,
    );
    assert.deepEqual(
      replayed.map((e) => (e as { text: string }).text),
      ["@say remember the word banana", "remember the word banana\n"],
    );
    const result = await loaded.prompt("@say again");
    assert.equal(result.stopReason, "end_turn");
    const fresh = events.filter((e) => e.type === "agent_message" && !e.replay);
    assert.deepEqual(
      fresh.map((e) => (e as { text: string }).text),
      ["again\n"],
    );
    await plane.close(loaded.id);

    const resumed = await plane.create({
      agentId: "demo",
      cwd: ws.dir,
      start: { how: "resume", agentSessionId },
    });
    assert.equal(resumed.agentSessionId, agentSessionId);
    await plane.close(resumed.id);
  } finally {
    await plane.dispose();
    ws.cleanup();
    state.cleanup();
  }
});

test("loading an unknown session is an error, never a silent new session", async () => {
  const state = tempDir();
  const plane = manager({ ...process.env, ACPGATE_DEMO_STATE_DIR: state.dir });
  try {
    await assert.rejects(
      plane.create({
        agentId: "demo",
        cwd: state.dir,
        start: { how: "load", agentSessionId: "demo-missing" },
      }),
      (error) => {
        assert.ok(isAcpgateError(error, "agent_error"), String(error));
        return true;
      },
    );
    assert.equal(plane.list().length, 0);
  } finally {
    await plane.dispose();
    state.cleanup();
  }
});

test("cancel ends a long turn with stopReason cancelled, and the session stays usable", async () => {
  const ws = tempDir();
  const plane = manager();
  try {
    const session = await plane.create({ agentId: "demo", cwd: ws.dir });
    const turn = session.prompt("@say starting\n@sleep 30000\n@say never");
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(session.state, "prompting");
    await session.cancel();
    assert.equal((await turn).stopReason, "cancelled");
    assert.equal(session.state, "ready");
    assert.equal((await session.prompt("@say still here")).stopReason, "end_turn");
    const pid = session.pid ?? 0;
    await plane.close(session.id);
    assert.equal(session.state, "closed");
    await waitGone([pid]);
  } finally {
    await plane.dispose();
    ws.cleanup();
  }
});

test("modes are read and set through one view", async () => {
  const ws = tempDir();
  const plane = manager();
  try {
    const session = await plane.create({ agentId: "demo", cwd: ws.dir });
    const view = session.modes.state;
    assert.equal(view.via, "modes");
    assert.equal(view.currentModeId, "ask");
    assert.deepEqual(
      view.available.map((m) => m.id),
      ["ask", "code"],
    );
    await session.setMode("code");
    assert.equal(session.modes.state.currentModeId, "code");
    await assert.rejects(session.setMode("yolo"));
    await session.prompt("@mode ask");
    assert.equal(session.modes.state.currentModeId, "ask");
  } finally {
    await plane.dispose();
    ws.cleanup();
  }
});

test("the idle TTL closes a ready session and ends its agent", async () => {
  const ws = tempDir();
  const plane = new SessionManager({
    catalogue: new Catalogue({ agents: {} }),
    guardFor: () => readOnlySessionGuard(),
    idleTtlMs: 200,
  });
  try {
    const session = await plane.create({ agentId: "demo", cwd: ws.dir });
    const pid = session.pid ?? 0;
    await waitGone([pid], 10_000);
    for (let i = 0; i < 100 && session.state !== "closed"; i++)
      await new Promise((r) => setTimeout(r, 20));
    assert.equal(session.state, "closed");
    assert.equal(plane.list().length, 0);
  } finally {
    await plane.dispose();
    ws.cleanup();
  }
});
