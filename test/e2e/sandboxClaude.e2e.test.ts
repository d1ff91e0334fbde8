import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { jsonLines, runCli } from "../support/cli.js";
import { mockEnvFor } from "../support/builtinEnv.js";
import { withMockLlm } from "../support/mockLlmFixture.js";
import { noProcessWithEnv } from "../support/processes.js";
import { prepareAgentHome, realAgentInstalled } from "../support/realAgents.js";

// claude-agent-acp writes files with its own Write tool. In `acceptEdits` (mapped to
// workspace-write here) it writes without asking, so nothing but the OS sandbox stands
// between it and acpgate.yaml or .git/config.

const skip = realAgentInstalled("claude") ? false : "claude is not installed (npm ci installs it)";

void describe("claude-agent-acp in the sandbox", () => {
  const fx = withMockLlm("acpgate-sbx-claude-");

  void test(
    "workspace-write: its Write tool cannot change acpgate.yaml or .git/config",
    { skip },
    async () => {
      const home = mkdtempSync(join(fx.root, "home-"));
      prepareAgentHome("claude", home);
      const cwd = mkdtempSync(join(fx.root, "ws-"));
      mkdirSync(join(cwd, ".git"));
      writeFileSync(join(cwd, ".git", "config"), "[core]\n");
      const config = JSON.stringify({
        agents: {
          claude: {
            env: mockEnvFor("claude", fx.mock.url, home),
            modes: { plan: "read-only", acceptEdits: "workspace-write" },
            sandbox: "required",
          },
        },
      });
      writeFileSync(join(cwd, "acpgate.yaml"), config);
      const prompt = [
        "Change the configuration.",
        `@tool write {"file_path": "${join(cwd, "acpgate.yaml")}", "content": "agents: {}\\n"}`,
        `@tool write {"file_path": "${join(cwd, ".git", "config")}", "content": "[evil]\\n"}`,
        `@tool write {"file_path": "${join(cwd, "landed.txt")}", "content": "yes\\n"}`,
      ].join("\n");
      const run = await runCli(
        ["run", "--agent", "claude", "--policy", "workspace-write", "--format", "json", prompt],
        { cwd, timeoutMs: 30_000 },
      );
      assert.equal(readFileSync(join(cwd, "acpgate.yaml"), "utf8"), config);
      assert.equal(readFileSync(join(cwd, ".git", "config"), "utf8"), "[core]\n");
      assert.equal(readFileSync(join(cwd, "landed.txt"), "utf8"), "yes\n", run.stderr);
      const events = jsonLines(run.stdout);
      assert.equal(events.find((e) => e.type === "session_started")?.enforcement, "sandbox");
      const failed = events.filter((e) => e.type === "tool_call_update" && e.status === "failed");
      assert.ok(failed.length >= 2, `the refused writes are failed tool calls: ${run.stdout}`);
      assert.deepEqual(await noProcessWithEnv("HOME", home), [], "no agent process is left");
    },
  );

  void test(
    "network allow list: claude reaches its model only through acpgate's egress proxy",
    { skip },
    async () => {
      const home = mkdtempSync(join(fx.root, "home-"));
      prepareAgentHome("claude", home);
      const cwd = mkdtempSync(join(fx.root, "ws-"));
      const model = new URL(fx.mock.url).host;
      const config = JSON.stringify({
        agents: {
          claude: {
            env: mockEnvFor("claude", fx.mock.url, home),
            modes: { plan: "read-only" },
            sandbox: "required",
          },
        },
        policies: { "read-only": { network: { allow: [model] } } },
      });
      writeFileSync(join(cwd, "acpgate.yaml"), config);
      const run = await runCli(["run", "--agent", "claude", "--format", "json", "Say hello."], {
        cwd,
        timeoutMs: 30_000,
      });
      assert.equal(run.code, 0, run.stderr);
      const events = jsonLines(run.stdout);
      assert.ok(
        events.some((e) => e.type === "agent_message"),
        `the model answered: ${run.stdout}`,
      );
      const requests = events.filter((e) => e.type === "network_request");
      assert.ok(
        requests.some((e) => e.allowed === true && `${String(e.host)}:${String(e.port)}` === model),
        `the model was reached through the proxy: ${JSON.stringify(requests)}`,
      );
      assert.ok(
        requests.every(
          (e) => e.allowed === true || `${String(e.host)}:${String(e.port)}` !== model,
        ),
      );
      assert.deepEqual(await noProcessWithEnv("HOME", home), [], "no agent process is left");
    },
  );
});
