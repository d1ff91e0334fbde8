import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { openAuditStore } from "../../src/audit/openAuditStore.js";
import { jsonEvents, runCli } from "../support/runCli.js";
import { waitGone } from "../support/processes.js";
import {
  killLeftovers,
  startAcpgate,
  stubbornPids,
  stubbornWorkspace,
} from "../support/stubbornWorkspace.js";

test("the next run marks lost the session a kill -9'd run left prompting (audit list shows it)", async () => {
  const ws = stubbornWorkspace();
  const first = startAcpgate(
    ["run", "--agent", "stubborn", "--policy", "run-stubborn", "--format", "json", "go"],
    ws.dir,
  );
  let pids: number[] = [];
  try {
    pids = await stubbornPids(ws.dir);
    const sessionId = String(jsonEvents(first.stdout())[0]?.sessionId);
    assert.match(sessionId, /^ses_/);
    process.kill(first.pid, "SIGKILL");
    await waitGone(pids, 8000);

    const second = await runCli(["run", "--agent", "demo", "--format", "json", "@say hi"], {
      cwd: ws.dir,
    });
    assert.equal(second.code, 0, second.stderr);
    const listed = await runCli(["audit", "list", "--session", sessionId], { cwd: ws.dir });
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout.trim().split("\n").at(-1) ?? "", /session_ended\s.*\slost$/);

    const store = await openAuditStore({ sqlite: join(ws.dir, ".acpgate/acpgate.db") }, ws.dir);
    try {
      assert.equal((await store.getSession(sessionId))?.state, "lost");
      const secondId = String(jsonEvents(second.stdout)[0]?.sessionId);
      assert.equal((await store.getSession(secondId))?.state, "closed");
      const [ended] = await store.list({ sessionId, kind: "session_ended" });
      assert.equal(ended?.data?.previousState, "prompting");
      assert.equal((await store.verify()).ok, true);
    } finally {
      await store.close();
    }
  } finally {
    first.child.kill("SIGKILL");
    killLeftovers(pids);
    ws.cleanup();
  }
});
