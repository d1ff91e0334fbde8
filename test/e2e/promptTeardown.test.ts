import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_GRACE_MS } from "../../src/agents/agentProcess.js";
import { FIXTURES } from "../support/cli.js";
import { jsonEvents, runCli } from "../support/runCli.js";
import { tempDir } from "../support/tempDir.js";

/** The grace every teardown waited before SIGTERM. */
const FULL_GRACE_MS = DEFAULT_GRACE_MS;

/** Agents that, like codex-acp, never exit when stdin closes, only on SIGTERM. */
function lingeringWorkspace() {
  const ws = tempDir();
  const agent = (variant: string) => [
    `  lingering-${variant}:`,
    `    command: ${JSON.stringify(process.execPath)}`,
    `    args: [${JSON.stringify(join(FIXTURES, "lingeringAgent.js"))}, ${variant}]`,
    "    fileAccess: client",
  ];
  writeFileSync(
    join(ws.dir, "acpgate.yaml"),
    ["agents:", ...agent("close"), ...agent("no-close"), ""].join("\n"),
  );
  return ws;
}

/** Milliseconds from `closing` to `closed` in a run's JSON events. */
async function teardownMs(agentId: string, cwd: string): Promise<number> {
  const result = await runCli(["run", "--agent", agentId, "--format", "json", "go"], { cwd });
  assert.equal(result.code, 0, result.stderr);
  const states = jsonEvents(result.stdout).filter((e) => e.type === "session_state");
  const at = (state: string): number =>
    Date.parse(String(states.find((e) => e.state === state)?.time));
  const ms = at("closed") - at("closing");
  assert.ok(Number.isFinite(ms), "both closing and closed were reported");
  return ms;
}

test("once session/close is answered, teardown does not wait out the grace before SIGTERM", async () => {
  const ws = lingeringWorkspace();
  try {
    const ms = await teardownMs("lingering-close", ws.dir);
    assert.ok(ms < FULL_GRACE_MS * 0.8, `closing→closed took ${ms} ms`);
  } finally {
    ws.cleanup();
  }
});

test("when the run is over and the agent idle, teardown does not wait out the grace either", async () => {
  const ws = lingeringWorkspace();
  try {
    const ms = await teardownMs("lingering-no-close", ws.dir);
    assert.ok(ms < FULL_GRACE_MS * 0.8, `closing→closed took ${ms} ms`);
  } finally {
    ws.cleanup();
  }
});
