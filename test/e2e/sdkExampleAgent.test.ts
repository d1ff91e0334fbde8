import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { join } from "node:path";
import { writeFileSync } from "node:fs";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/tempDir.js";

const require = createRequire(import.meta.url);
/** The ACP SDK 1.9.0 example agent, installed as the devDependency alias `acp-sdk-v1`. */
const EXAMPLE_AGENT = join(
  require.resolve("acp-sdk-v1").replace(/(node_modules\/acp-sdk-v1)\/.*$/, "$1"),
  "dist/examples/agent.js",
);

test("the SDK 1.9.0 example agent completes a turn under acpgate run, its permission rejected", async () => {
  const ws = tempDir();
  writeFileSync(
    join(ws.dir, "acpgate.yaml"),
    `agents:\n  sdk-example:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(EXAMPLE_AGENT)}]\n    fileAccess: client\n`,
  );
  try {
    const result = await runCli(["run", "--agent", "sdk-example", "--format", "json", "hello"], {
      cwd: ws.dir,
    });
    const events = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const decided = events.find((e) => e.type === "permission_decided");
    assert.equal(decided?.outcome, "reject");
    assert.equal(decided?.optionKind, "reject_once");
    const text = events
      .filter((e) => e.type === "agent_message")
      .map((e) => e.text)
      .join("");
    assert.match(text, /skip the configuration update/);
    assert.equal(events.find((e) => e.type === "turn_ended")?.stopReason, "end_turn");
    // A permission was refused by policy and nothing was approved.
    assert.equal(result.code, 5, result.stderr);
  } finally {
    ws.cleanup();
  }
});
