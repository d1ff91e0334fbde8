import { test, describe } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../support/cli.js";
import { BUILTIN_REAL_AGENTS, envOnlyConfig, mockEnvFor } from "../support/builtinEnv.js";
import { withMockLlm } from "../support/mockLlmFixture.js";
import { noProcessWithEnv } from "../support/processes.js";
import { prepareAgentHome, realAgentInstalled } from "../support/realAgents.js";

// `acpgate run --agent ID` for built-in real agents whose config is `env` alone (pointing at
// the mock LLM): the catalogue says how each starts and which mode holds read-only.

interface Decided {
  kind: string;
  decision?: { outcome?: string; ruleId?: string };
}

async function decisions(cwd: string): Promise<Decided[]> {
  const list = await runCli(["audit", "list", "--json", "--kind", "permission_decided"], { cwd });
  assert.equal(list.code, 0, list.stderr);
  return list.stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Decided);
}

void describe("built-in agents configured by env alone", () => {
  const fx = withMockLlm("acpgate-builtin-");

  for (const id of BUILTIN_REAL_AGENTS) {
    const skip = realAgentInstalled(id) ? false : `${id} is not installed (npm ci installs it)`;
    const workspace = (): { cwd: string; home: string; file: string } => {
      const home = mkdtempSync(join(fx.root, `home-${id}-`));
      prepareAgentHome(id, home);
      const cwd = mkdtempSync(join(fx.root, `ws-${id}-`));
      const file = join(cwd, "keep.txt");
      writeFileSync(file, "original\n");
      writeFileSync(
        join(cwd, "acpgate.yaml"),
        envOnlyConfig({ [id]: mockEnvFor(id, fx.mock.url, home) }),
      );
      return { cwd, home, file };
    };
    const prompt = (file: string): string =>
      `Update the file.\n@tool write {"file_path": "${file}", "content": "changed\\n"}`;

    void test(
      `${id}: under the default read-only policy the write does not happen`,
      { skip },
      async () => {
        const { cwd, home, file } = workspace();
        const run = await runCli(["run", "--agent", id, prompt(file)], { cwd, timeoutMs: 120_000 });
        // Held by the agent's read-only mode (exit 0), or refused by policy (exit 5).
        assert.ok(run.code === 0 || run.code === 5, `exit ${run.code}: ${run.stderr}`);
        assert.equal(readFileSync(file, "utf8"), "original\n");
        const decided = await decisions(cwd);
        // gemini's plan mode refuses the write itself; the others ask, and the policy refuses.
        if (id !== "gemini") assert.ok(decided.length > 0, "the refusal is recorded");
        for (const d of decided) {
          assert.equal(d.decision?.outcome, "reject");
          assert.equal(d.decision?.ruleId, "posture:read-only");
        }
        assert.deepEqual(await noProcessWithEnv("HOME", home), [], "no agent process is left");
      },
    );

    void test(
      `${id}: under workspace-write the write lands and its allow is audited`,
      { skip },
      async () => {
        const { cwd, home, file } = workspace();
        const run = await runCli(
          ["run", "--agent", id, "--policy", "workspace-write", prompt(file)],
          {
            cwd,
            timeoutMs: 120_000,
          },
        );
        assert.equal(run.code, 0, run.stderr);
        assert.equal(readFileSync(file, "utf8"), "changed\n");
        const allowed = (await decisions(cwd)).filter((d) => d.decision?.outcome === "allow");
        assert.equal(allowed.length, 1, "one allowed write, recorded");
        assert.deepEqual(await noProcessWithEnv("HOME", home), [], "no agent process is left");
      },
    );
  }
});
