import assert from "node:assert/strict";
import { test } from "node:test";
import { promote } from "../../src/governance/promotion.js";
import { createPlane } from "../../src/surfaces/plane.js";
import { demoChannel } from "../support/memoryDemo.js";
import { tempDir } from "../support/tempDir.js";

// The session row a later `run --resume` continues from, kept current by the recorder on the
// plane's real SQLite store: the name and resumed-from the request gave, the policy the plane
// resolved (then the one a promotion moved to), the turns, and the mode at each turn's end.

test("the row records name, resumedFrom, the plane's policy, a promotion, turns and the mode", async () => {
  const ws = tempDir();
  const plane = createPlane({ cwd: ws.dir, overrides: { channelFor: () => demoChannel() } });
  try {
    const session = await plane.manager.create({
      agentId: "demo",
      cwd: ws.dir,
      unattended: true,
      name: "step-1",
      resumed: { from: "ses_earlier" },
    });
    await session.prompt("@say one");
    await promote(session, { to: "workspace-write", actor: "alice", reason: "fix it" });
    await session.prompt("@say two");
    await plane.manager.close(session.id);
    await plane.dispose();
    const reader = createPlane({ cwd: ws.dir });
    try {
      const row = await reader.audit.getSession(session.id);
      assert.deepEqual(
        [row?.name, row?.resumedFrom, row?.policy, row?.turns, row?.mode, row?.stopReason],
        ["step-1", "ses_earlier", "workspace-write", 2, "code", "end_turn"],
      );
    } finally {
      await reader.dispose();
    }
  } finally {
    await plane.dispose().catch(() => undefined);
    ws.cleanup();
  }
});

test("a session that names no policy is recorded under the plane's", async () => {
  const ws = tempDir();
  const plane = createPlane({
    cwd: ws.dir,
    policy: "workspace-write",
    overrides: { channelFor: () => demoChannel() },
  });
  try {
    const session = await plane.manager.create({ agentId: "demo", cwd: ws.dir, unattended: true });
    await plane.manager.close(session.id);
    const row = await plane.audit.getSession(session.id);
    assert.deepEqual(
      [row?.policy, row?.turns, row?.name],
      ["workspace-write", undefined, undefined],
    );
  } finally {
    await plane.dispose();
    ws.cleanup();
  }
});
