import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../support/cli.js";
import { scriptedConfig } from "../support/scriptedConfig.js";
import { noScriptedOrphans } from "../support/scriptedPids.js";
import { tempDir } from "../support/tempDir.js";

const SCENARIOS = [
  "normal",
  "crash-mid-prompt",
  "hang",
  "non-json",
  "huge-line",
  "flood",
  "exit-before-init",
  "slow-init",
  "ignore-term",
];

/** A workspace whose scripted agents record their pid and a grandchild's, to prove none survives. */
function workspace(env: Record<string, string> = {}) {
  const ws = tempDir();
  const pidsFile = join(ws.dir, "pids.json");
  writeFileSync(
    join(ws.dir, "acpgate.yaml"),
    scriptedConfig(SCENARIOS, { SCRIPTED_PIDS_FILE: pidsFile, ...env }),
  );
  return { ...ws, noOrphans: () => noScriptedOrphans(pidsFile) };
}

test("an agent that crashes mid-prompt: exit 1, the exit code and stderr tail named, no orphan", async () => {
  const ws = workspace();
  try {
    const result = await runCli(["run", "--agent", "scripted-crash-mid-prompt", "go"], {
      cwd: ws.dir,
    });
    assert.equal(result.code, 1);
    assert.match(result.stdout, /partial 2/);
    assert.match(result.stderr, /agent 'scripted-crash-mid-prompt' exited with code 3/);
    assert.match(result.stderr, /out of cheese/);
    await ws.noOrphans();
  } finally {
    ws.cleanup();
  }
});

test("an agent that hangs past --timeout: exit 3, then the agent and its child are killed", async () => {
  const ws = workspace();
  try {
    const result = await runCli(
      ["run", "--agent", "scripted-ignore-term", "--timeout", "1s", "go"],
      { cwd: ws.dir },
    );
    assert.equal(result.code, 3, result.stderr);
    assert.match(result.stderr, /timed out after 1s/);
    await ws.noOrphans();
  } finally {
    ws.cleanup();
  }
});

test("a hang with --format json still ends with a run_finished line naming the timeout", async () => {
  const ws = workspace();
  try {
    const result = await runCli(
      ["run", "--agent", "scripted-hang", "--timeout", "500ms", "--format", "json", "go"],
      { cwd: ws.dir },
    );
    assert.equal(result.code, 3);
    const last = JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "{}") as {
      type: string;
      exitCode: number;
    };
    assert.equal(last.type, "run_finished");
    assert.equal(last.exitCode, 3);
    await ws.noOrphans();
  } finally {
    ws.cleanup();
  }
});

test("non-JSON lines on the agent's stdout do not break the session", async () => {
  const ws = workspace();
  try {
    const result = await runCli(["run", "--agent", "scripted-non-json", "go"], { cwd: ws.dir });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /hello from the scripted agent/);
    await ws.noOrphans();
  } finally {
    ws.cleanup();
  }
});

test("a 40 MiB line is refused with a clear error, exit 1", async () => {
  const ws = workspace();
  try {
    const result = await runCli(["run", "--agent", "scripted-huge-line", "go"], { cwd: ws.dir });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /exceed|too large|limit/i);
    await ws.noOrphans();
  } finally {
    ws.cleanup();
  }
});

test("a flood of 100,000 updates arrives whole", async () => {
  const ws = workspace();
  try {
    const result = await runCli(["run", "--agent", "scripted-flood", "--format", "quiet", "go"], {
      cwd: ws.dir,
      timeoutMs: 120_000,
    });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout.trim().length, 100_000);
    await ws.noOrphans();
  } finally {
    ws.cleanup();
  }
});

test("an agent that exits before initialize: exit 1 with its exit code and stderr", async () => {
  const ws = workspace();
  try {
    const result = await runCli(["run", "--agent", "scripted-exit-before-init", "go"], {
      cwd: ws.dir,
    });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /exited with code 2/);
    assert.match(result.stderr, /missing configuration/);
    await ws.noOrphans();
  } finally {
    ws.cleanup();
  }
});

test("a slow initialize is waited for", async () => {
  const ws = workspace({ SCRIPTED_DELAY_MS: "1500" });
  try {
    const result = await runCli(["run", "--agent", "scripted-slow-init", "go"], { cwd: ws.dir });
    assert.equal(result.code, 0, result.stderr);
    await ws.noOrphans();
  } finally {
    ws.cleanup();
  }
});

test("a command that does not exist: exit 1 naming the spawn failure", async () => {
  const ws = tempDir({
    "acpgate.yaml": "agents:\n  ghost:\n    command: /nonexistent/agent-binary\n",
  });
  try {
    const result = await runCli(["run", "--agent", "ghost", "go"], { cwd: ws.dir });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /could not be started: spawn \/nonexistent\/agent-binary ENOENT/);
  } finally {
    ws.cleanup();
  }
});

test("a bad config file: exit 2 naming file, line and field", async () => {
  const ws = tempDir({ "acpgate.yaml": "agents:\n  broken:\n    command: x\n    argz: [1]\n" });
  try {
    const result = await runCli(["run", "--agent", "broken", "go"], { cwd: ws.dir });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /acpgate\.yaml:3: agents\.broken: unknown field\(s\): argz/);
  } finally {
    ws.cleanup();
  }
});

test("invalid YAML: exit 2 with the line", async () => {
  const ws = tempDir({ "acpgate.yaml": "agents:\n  a: [unclosed\n" });
  try {
    const result = await runCli(["run", "go"], { cwd: ws.dir });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /acpgate\.yaml:\d+:\d+: invalid YAML/);
  } finally {
    ws.cleanup();
  }
});

test("an unknown agent id: exit 2 listing the known ones", async () => {
  const ws = tempDir();
  try {
    const result = await runCli(["run", "--agent", "nope", "go"], { cwd: ws.dir });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /unknown agent 'nope'; known agents: .*\bdemo\b/);
  } finally {
    ws.cleanup();
  }
});
