import { test } from "node:test";
import assert from "node:assert/strict";
import { Catalogue } from "../../src/agents/catalogue.js";
import { SessionManager } from "../../src/sessions/sessionManager.js";
import { readOnlySessionGuard } from "../support/readOnlyGuard.js";
import type { SessionEvent } from "../../src/sessions/events.js";
import { waitGone } from "../support/processes.js";
import { tempDir } from "../support/tempDir.js";

test("50 concurrent sessions: each session's events reach only its own subscribers", async () => {
  const ws = tempDir();
  const plane = new SessionManager({
    catalogue: new Catalogue({ agents: {} }),
    guardFor: () => readOnlySessionGuard(),
  });
  let all = 0;
  plane.events.on(() => all++);
  try {
    const sessions = await Promise.all(
      Array.from({ length: 50 }, () => plane.create({ agentId: "demo", cwd: ws.dir })),
    );
    const received = new Map<string, SessionEvent[]>();
    for (const session of sessions) {
      const mine: SessionEvent[] = [];
      received.set(session.id, mine);
      session.on((event) => mine.push(event));
    }
    await Promise.all(
      sessions.map((session, i) => session.prompt(`@say I am session ${i}\n@chunks 20`)),
    );
    sessions.forEach((session, i) => {
      const events = received.get(session.id) ?? [];
      assert.ok(
        events.every((e) => e.sessionId === session.id),
        "an event of another session leaked",
      );
      const texts = events
        .filter((e) => e.type === "agent_message")
        .map((e) => (e as { text: string }).text);
      assert.equal(texts[0], `I am session ${i}\n`);
      assert.equal(texts.length, 21);
    });
    assert.ok(all > 50 * 21);
    const pids = sessions.map((s) => s.pid ?? 0);
    await plane.closeAll();
    await waitGone(pids);
  } finally {
    await plane.dispose();
    ws.cleanup();
  }
});
