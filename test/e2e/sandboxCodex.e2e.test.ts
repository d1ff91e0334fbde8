import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { stringify } from "yaml";
import { jsonLines, runCli } from "../support/cli.js";
import { withMockLlm } from "../support/mockLlmFixture.js";
import { noProcessWithEnv } from "../support/processes.js";
import { makeAgentHome, realAgentEntry, realAgentInstalled } from "../support/realAgents.js";

// codex sandboxes its own shell commands with bubblewrap. Inside acpgate's sandbox that nests:
// codex's bwrap runs within acpgate's, and acpgate's read-only mounts still hold. Its
// `workspace-write` mode (mapped here on purpose) runs commands without asking, so only the OS
// stands between it and acpgate.yaml — codex itself keeps `.git` read-only in that mode, but
// not the config. codex's helper (`codex-linux-sandbox`, found through $CODEX_HOME/tmp) is not
// visible to its own bwrap when CODEX_HOME is under /tmp, so HOME and the workspace live under
// /var/tmp here (as a real HOME would, under /home).

const skip = realAgentInstalled("codex")
  ? false
  : "codex-acp is not installed (npm ci installs it)";

void describe("codex in acpgate's sandbox (nested bubblewrap)", { skip }, () => {
  const fx = withMockLlm("acpgate-sbx-codex-");
  const parent = mkdtempSync("/var/tmp/acpgate-sbx-codex-");
  after(() => rmSync(parent, { recursive: true, force: true }));

  async function runShell(sandbox: "required" | "off") {
    const home = makeAgentHome("codex", parent);
    const cwd = mkdtempSync(join(parent, "ws-"));
    mkdirSync(join(cwd, ".git"));
    writeFileSync(join(cwd, ".git", "config"), "[core]\n");
    mkdirSync(join(cwd, "src"));
    const entry = realAgentEntry("codex", fx.mock.url, home);
    // Its own writing mode, not the asking `read-only` acpgate keeps it in by default.
    const modes = { "read-only": "read-only", "workspace-write": "workspace-write" } as const;
    const config = stringify({ agents: { codex: { ...entry, modes, sandbox } } });
    writeFileSync(join(cwd, "acpgate.yaml"), config);
    const command = [
      `echo evil > ${join(cwd, "acpgate.yaml")}`,
      `echo ok > ${join(cwd, "src", "ok.txt")}`,
    ].join("; ");
    const prompt = `Run it.\n@tool shell ${JSON.stringify({ command })}`;
    const args = ["run", "--agent", "codex", "--policy", "workspace-write", "--format", "json"];
    const run = await runCli([...args, "--timeout", "120s", prompt], { cwd, timeoutMs: 150_000 });
    const events = jsonLines(run.stdout);
    const why = `exit ${run.code}\nstderr: ${run.stderr.slice(-2000)}`;
    const shellCalls = events.filter((e) => e.type === "tool_call" && e.kind === "execute");
    assert.equal(shellCalls.length, 1, `codex ran the command: ${why}`);
    assert.equal(
      events.find((e) => e.type === "mode_changed")?.modeId,
      "workspace-write",
      "codex in its writing mode",
    );
    assert.deepEqual(await noProcessWithEnv("HOME", home), [], "no codex process is left");
    return {
      run,
      why,
      events,
      config,
      yaml: readFileSync(join(cwd, "acpgate.yaml"), "utf8"),
      landed: existsSync(join(cwd, "src", "ok.txt")),
    };
  }

  void test(
    "sandbox: codex's shell runs in its own bwrap inside acpgate's; acpgate.yaml holds, src/ lands",
    { timeout: 180_000 },
    async () => {
      const r = await runShell("required");
      assert.equal(r.events.find((e) => e.type === "session_started")?.enforcement, "sandbox");
      assert.equal(r.yaml, r.config, "acpgate.yaml unchanged");
      assert.ok(r.landed, `src/ok.txt written through codex's nested sandbox: ${r.why}`);
      // The refused write reached codex as a read-only file system, and the model saw it.
      const model = fx.mock.requests.filter((q) => q.kind === "openai.responses");
      const output = JSON.stringify(model.at(-1)?.body ?? "");
      assert.match(output, /acpgate\.yaml: Read-only file system/);
      assert.equal(r.run.code, 0, r.why);
    },
  );

  void test(
    "no sandbox: the same command rewrites acpgate.yaml; the integrity check fails the run (exit 5)",
    { timeout: 180_000 },
    async () => {
      const r = await runShell("off");
      assert.equal(
        r.events.find((e) => e.type === "session_started")?.enforcement,
        "permission-only",
      );
      assert.equal(r.yaml, "evil\n", "without the OS sandbox nothing stops codex");
      assert.ok(
        r.events.some((e) => e.type === "protected_path_changed"),
        r.why,
      );
      assert.equal(r.run.code, 5, r.why);
    },
  );
});
