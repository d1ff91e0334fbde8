import { test } from "node:test";
import assert from "node:assert/strict";
import { isAlive, waitGone } from "../support/processes.js";
import {
  killLeftovers,
  startAcpgate,
  stubbornPids,
  stubbornWorkspace,
  watchdogsOf,
} from "../support/stubbornWorkspace.js";

test("after kill -9 of acpgate the watchdog ends the agent's group and its terminal's, then itself", async () => {
  const ws = stubbornWorkspace();
  const run = startAcpgate(
    ["run", "--agent", "stubborn", "--policy", "run-stubborn", "go"],
    ws.dir,
  );
  let pids: number[] = [];
  try {
    // agent, its grandchild, the terminal command, the command's child: all ignore SIGTERM.
    pids = await stubbornPids(ws.dir);
    assert.ok(pids.every(isAlive));
    const watchdogs = watchdogsOf(run.pid);
    process.kill(run.pid, "SIGKILL");
    await waitGone([...pids, ...watchdogs], 8000);
    assert.equal(watchdogs.length, 1, "one watchdog per acpgate process");
  } finally {
    run.child.kill("SIGKILL");
    killLeftovers(pids);
    ws.cleanup();
  }
});
