import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { startCli } from "../support/acpgateCli.js";
import { noProcessWithEnv, pidsWithEnv } from "../support/processes.js";
import { sandboxWorkspace } from "../support/sandboxWorkspace.js";

/** A grandchild in a session of its own that ignores SIGTERM, then the turn hangs. */
const STUBBORN =
  "setsid sh -c 'trap \"\" TERM; exec sleep 300' </dev/null >/dev/null 2>&1 & touch ready; sleep 300";

test("kill -9 of acpgate: no process of the sandboxed agent is left within 2 s, setsid or not", async () => {
  const ws = sandboxWorkspace("required");
  const cli = startCli(
    ["run", "--agent", "selfw", "--policy", "workspace-write", JSON.stringify({ shell: STUBBORN })],
    ws.dir,
    ws.env(),
  );
  try {
    const until = Date.now() + 15_000;
    while (!existsSync(join(ws.dir, "ready")) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(existsSync(join(ws.dir, "ready")), "the agent ran its command");
    // agent, its sh, the sleeping sh and the setsid grandchild (bwrap carries the mark too)
    assert.ok(pidsWithEnv("SANDBOX_TEST_MARK", ws.root).length >= 3);
    cli.child.kill("SIGKILL");
    await cli.done;
    assert.deepEqual(await noProcessWithEnv("SANDBOX_TEST_MARK", ws.root, 2000), []);
  } finally {
    cli.child.kill("SIGKILL");
    for (const pid of pidsWithEnv("SANDBOX_TEST_MARK", ws.root)) process.kill(pid, "SIGKILL");
    ws.cleanup();
  }
});
