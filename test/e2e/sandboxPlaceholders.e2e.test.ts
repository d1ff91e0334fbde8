import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURES, jsonLines, runCli } from "../support/cli.js";
import { agentResults } from "../support/sandboxWorkspace.js";

// A workspace with no `.git`, no `.acpgate` and no acpgate.yaml of its own (the config is
// passed with --config from outside): bubblewrap can bind only what exists, so acpgate puts
// empty stand-ins there for the session, read-only, and removes them after.

const SHELL = [
  "mkdir -p .git/hooks",
  "echo evil > .git/hooks/pre-commit",
  "echo 'agents: {}' > acpgate.yaml",
  "echo ok > src/ok.txt",
].join("; ");

function workspace(sandbox: "required" | "off") {
  const root = mkdtempSync(join(tmpdir(), "acpgate-placeholders-"));
  const ws = join(root, "ws");
  mkdirSync(join(ws, "src"), { recursive: true });
  const config = join(root, "outside.yaml");
  writeFileSync(
    config,
    [
      "storage: { sqlite: ../acpgate.db }",
      "agents:",
      "  selfw:",
      `    command: ${JSON.stringify(process.execPath)}`,
      `    args: [${JSON.stringify(join(FIXTURES, "sandboxWriterAgent.js"))}]`,
      `    sandbox: ${sandbox}`,
      "policies:",
      "  workspace-write:",
      "    allow:",
      '      - { kind: execute, commandRegex: ".*" }',
      "",
    ].join("\n"),
  );
  return { root, ws, config };
}

async function run(sandbox: "required" | "off") {
  const w = workspace(sandbox);
  const args = ["run", "--agent", "selfw", "--config", w.config, "--policy", "workspace-write"];
  const result = await runCli([...args, "--format", "json", JSON.stringify({ shell: SHELL })], {
    cwd: w.ws,
    env: { ...process.env, HOME: w.root },
    timeoutMs: 30_000,
  });
  return { ...w, result, events: jsonLines(result.stdout) };
}

test("sandbox: a .git or acpgate.yaml the workspace lacks cannot be created; the stand-ins are gone after", async () => {
  const r = await run("required");
  try {
    assert.equal(r.result.code, 0, r.result.stderr);
    const shell = agentResults(r.result.stdout).shell;
    assert.match(shell?.stderr ?? "", /Read-only file system|Permission denied|File exists/);
    assert.ok(existsSync(join(r.ws, "src", "ok.txt")), "src/ is writable");
    assert.deepEqual(
      readdirSync(r.ws).sort(),
      ["src"],
      "no .git, no acpgate.yaml, no stand-in left",
    );
    assert.deepEqual(
      r.events.filter((e) => e.type === "protected_path_changed"),
      [],
      "acpgate's own stand-ins are not a change",
    );
  } finally {
    rmSync(r.root, { recursive: true, force: true });
  }
});

test("without the sandbox the same agent creates them, and the integrity check ends the run with exit 5", async () => {
  const r = await run("off");
  try {
    assert.equal(r.result.code, 5, r.result.stderr);
    assert.ok(existsSync(join(r.ws, ".git", "hooks", "pre-commit")));
    const changed = r.events.filter((e) => e.type === "protected_path_changed");
    assert.deepEqual(changed.map((e) => [e.path, e.change]).sort(), [
      [".git", "created"],
      [".git/hooks", "created"],
      [".git/hooks/pre-commit", "created"],
      ["acpgate.yaml", "created"],
    ]);
  } finally {
    rmSync(r.root, { recursive: true, force: true });
  }
});
