import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { test } from "node:test";
import { groupAlive } from "../../src/util/processGroup.js";

// A group whose members are all dead but not yet reaped is gone: when an agent's group is
// killed, its orphaned grandchildren are reaped by PID 1, which some container inits do late
// (claude-agent-acp 0.101's `claude` child stayed a zombie for about a second here).

test("groupAlive: a group left with only a zombie is gone; a running one is alive", async (t) => {
  if (process.platform !== "linux") return t.skip("reads /proc");
  // `setsid sleep 0` leads its own group, exits at once, and its parent (sh, then `sleep 30`)
  // never reaps it: group `zombie` holds one zombie; the parent's group keeps running.
  const parent = spawn("sh", ["-c", "setsid sleep 0 & echo $!; exec sleep 30"], {
    detached: true,
    stdio: ["ignore", "pipe", "ignore"],
  });
  try {
    const zombie = Number(
      await new Promise<string>((resolve) =>
        parent.stdout.once("data", (d: Buffer) => resolve(String(d))),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.doesNotThrow(() => process.kill(-zombie, 0), "the zombie's group still answers kill 0");
    assert.equal(groupAlive(zombie), false);
    assert.equal(groupAlive(parent.pid ?? 0), true);
  } finally {
    process.kill(-(parent.pid ?? 0), "SIGKILL");
  }
});
