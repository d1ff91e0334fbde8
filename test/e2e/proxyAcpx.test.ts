import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { CLI, runCli } from "../support/cli.js";
import { tempDir } from "../support/tempDir.js";

/** acpx and a Node ≥ 22 for it, installed by scripts/run-tests.mjs (scripts/acpx.mjs, node22.mjs). */
const ACPX = process.env.ACPGATE_ACPX;
const NODE22 = process.env.ACPGATE_NODE22;
const missing =
  !ACPX || !existsSync(ACPX) || !NODE22 || !existsSync(NODE22)
    ? "acpx or Node 22 is not installed (node scripts/acpx.mjs; node scripts/node22.mjs)"
    : false;

test(
  "acpx, a real ACP client, drives `acpgate proxy --agent demo` through a full turn",
  { skip: process.env.CI ? false : missing },
  async () => {
    const ws = tempDir();
    try {
      const proxy = `${process.execPath} ${CLI} proxy --agent demo`;
      const run = spawnSync(
        NODE22 ?? "node",
        [
          ACPX ?? "acpx",
          "--agent",
          proxy,
          "--cwd",
          ws.dir,
          "--format",
          "json",
          "--approve-all",
          "--timeout",
          "60",
          "exec",
          "@say hello from acpx through acpgate",
        ],
        { cwd: ws.dir, encoding: "utf8", timeout: 90_000 },
      );
      assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
      const messages = run.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const init = messages.find((m) => (m.result as { agentInfo?: unknown })?.agentInfo);
      assert.match(
        JSON.stringify((init?.result as { agentInfo: unknown }).agentInfo),
        /via acpgate/,
      );
      assert.match(run.stdout, /hello from acpx through acpgate/);
      assert.ok(
        messages.some((m) => (m.result as { stopReason?: string })?.stopReason === "end_turn"),
        run.stdout,
      );
      // The turn was governed and recorded like any other: surface proxy.
      const listed = await runCli(["sessions", "list", "--json"], { cwd: ws.dir });
      assert.match(listed.stdout, /"surface":"proxy"/);
    } finally {
      ws.cleanup();
    }
  },
);
