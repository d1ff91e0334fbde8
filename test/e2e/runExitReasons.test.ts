import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../support/cli.js";
import { jsonEvents } from "../support/runCli.js";
import { scriptedConfig } from "../support/scriptedConfig.js";
import { noScriptedOrphans } from "../support/scriptedPids.js";
import { tempDir } from "../support/tempDir.js";

const SCENARIOS = [
  "reject-cancels",
  "never-init",
  "null-initialize",
  "no-session-id",
  "stop-weird",
  "stop-missing",
  "stop-null",
  "stop-max_tokens",
];

/** Scripted agents that record their pid and a grandchild's, to prove none survives. */
function workspace() {
  const ws = tempDir({ "notes.txt": "original\n" });
  const pidsFile = join(ws.dir, "pids.json");
  writeFileSync(
    join(ws.dir, "acpgate.yaml"),
    scriptedConfig(SCENARIOS, { SCRIPTED_PIDS_FILE: pidsFile }),
  );
  return { ...ws, noOrphans: () => noScriptedOrphans(pidsFile) };
}

function runFinished(stdout: string): Record<string, unknown> {
  const last = jsonEvents(stdout).at(-1);
  assert.equal(last?.type, "run_finished", stdout);
  return last ?? {};
}

test("a refusal the agent answers by cancelling its turn (codex) is exit 5, not 130", async () => {
  const ws = workspace();
  try {
    const json = await runCli(
      ["run", "--agent", "scripted-reject-cancels", "--format", "json", "edit notes"],
      { cwd: ws.dir },
    );
    assert.equal(json.code, 5, json.stderr);
    const finished = runFinished(json.stdout);
    assert.equal(finished.stopReason, "cancelled");
    assert.equal(finished.permissionsRejected, 1);
    assert.match(String(finished.reason), /refused by policy and nothing was approved/);
    const text = await runCli(["run", "--agent", "scripted-reject-cancels", "edit notes"], {
      cwd: ws.dir,
    });
    assert.equal(text.code, 5, text.stderr);
    assert.match(text.stderr, /^acpgate: a permission was refused by policy/m);
    assert.equal(readFileSync(join(ws.dir, "notes.txt"), "utf8"), "original\n");
  } finally {
    ws.cleanup();
  }
});

test("--timeout covers start-up: no answer to initialize with --timeout 2s exits 3 in about 2 s", async () => {
  const ws = workspace();
  try {
    const started = Date.now();
    const text = await runCli(["run", "--agent", "scripted-never-init", "--timeout", "2s", "go"], {
      cwd: ws.dir,
    });
    const elapsed = Date.now() - started;
    assert.equal(text.code, 3, text.stderr);
    assert.match(text.stderr, /^acpgate: timed out after 2s$/m);
    // Not the 30 s start-up default: the run's own clock ended it.
    assert.ok(elapsed < 15_000, `took ${elapsed} ms`);
    await ws.noOrphans();
    const json = await runCli(
      ["run", "--agent", "scripted-never-init", "--timeout", "1s", "--format", "json", "go"],
      { cwd: ws.dir },
    );
    assert.equal(json.code, 3);
    const finished = runFinished(json.stdout);
    assert.equal(finished.exitCode, 3);
    assert.equal(finished.reason, "timed out after 1s");
    assert.deepEqual(finished.error, { code: "timeout", message: "timed out after 1s" });
    await ws.noOrphans();
  } finally {
    ws.cleanup();
  }
});

test("a timeout the agent answers with `cancelled` still says why, in text and in run_finished", async () => {
  const ws = tempDir();
  try {
    const text = await runCli(["run", "--timeout", "1s", "@sleep 20000"], { cwd: ws.dir });
    assert.equal(text.code, 3, text.stderr);
    assert.match(text.stderr, /^acpgate: timed out after 1s$/m);
    // Long enough for start-up on a loaded machine: --timeout covers it, and a timeout that
    // falls before the prompt is sent has no turn for the agent to answer `cancelled`.
    const json = await runCli(["run", "--timeout", "4s", "--format", "json", "@sleep 60000"], {
      cwd: ws.dir,
    });
    assert.equal(json.code, 3, json.stderr);
    const finished = runFinished(json.stdout);
    assert.equal(finished.stopReason, "cancelled", json.stdout);
    assert.equal(finished.reason, "timed out after 4s");
    assert.equal((finished.error as { code?: string } | undefined)?.code, "timeout");
  } finally {
    ws.cleanup();
  }
});

/** Runs a scripted agent whose answer breaks the protocol: exit 1 naming what it sent, in text and json. */
async function protocolError(ws: ReturnType<typeof workspace>, scenario: string, message: RegExp) {
  const text = await runCli(["run", "--agent", `scripted-${scenario}`, "go"], { cwd: ws.dir });
  assert.equal(text.code, 1, `${scenario}: ${text.stderr}`);
  assert.match(text.stderr, message);
  assert.doesNotMatch(text.stderr, /Cannot read properties|TypeError/);
  const json = await runCli(["run", "--agent", `scripted-${scenario}`, "--format", "json", "go"], {
    cwd: ws.dir,
  });
  assert.equal(json.code, 1, scenario);
  const finished = runFinished(json.stdout);
  assert.equal((finished.error as { code?: string }).code, "agent_protocol_error", scenario);
  await ws.noOrphans();
}

test("an unknown, missing or null stopReason is a protocol error naming the agent's value", async () => {
  const ws = workspace();
  try {
    await protocolError(
      ws,
      "stop-weird",
      /answered session\/prompt with an unknown stopReason "weird"/,
    );
    await protocolError(ws, "stop-missing", /answered session\/prompt with no stopReason/);
    await protocolError(ws, "stop-null", /answered session\/prompt with a null result/);
  } finally {
    ws.cleanup();
  }
});

test("a null initialize result or a session/new without sessionId is a protocol error", async () => {
  const ws = workspace();
  try {
    await protocolError(ws, "null-initialize", /answered initialize with a null result/);
    await protocolError(ws, "no-session-id", /answered session\/new with no sessionId/);
  } finally {
    ws.cleanup();
  }
});

test("exit 6 says which stop reason ended the turn", async () => {
  const ws = workspace();
  try {
    const text = await runCli(["run", "--agent", "scripted-stop-max_tokens", "go"], {
      cwd: ws.dir,
    });
    assert.equal(text.code, 6, text.stderr);
    assert.match(text.stderr, /^acpgate: the agent stopped the turn early: max_tokens$/m);
  } finally {
    ws.cleanup();
  }
});

test("every --format json run ends with run_finished: usage, config and store-open errors too", async () => {
  const ws = tempDir({ blocker: "a file where the store's directory should be\n" });
  try {
    const usage: string[][] = [
      ["--format", "json", "--bogus", "hi"],
      ["--format=json", ""],
      ["--format", "json", "--timeout", "soon", "hi"],
      ["--format", "json", "--cwd", join(ws.dir, "missing"), "hi"],
    ];
    for (const args of usage) {
      const result = await runCli(["run", ...args], { cwd: ws.dir });
      assert.equal(result.code, 2, args.join(" "));
      const finished = runFinished(result.stdout);
      assert.equal(finished.exitCode, 2);
      assert.equal((finished.error as { code?: string }).code, "usage", args.join(" "));
    }
    writeFileSync(join(ws.dir, "bad.yaml"), "defaultAgent: nope\n");
    const config = await runCli(["run", "--format", "json", "--config", "bad.yaml", "hi"], {
      cwd: ws.dir,
    });
    assert.equal(config.code, 2);
    assert.equal((runFinished(config.stdout).error as { code?: string }).code, "config_invalid");
    writeFileSync(join(ws.dir, "store.yaml"), "storage: { sqlite: blocker/acpgate.db }\n");
    const store = await runCli(["run", "--format", "json", "--config", "store.yaml", "hi"], {
      cwd: ws.dir,
    });
    assert.equal(store.code, 1, store.stderr);
    const finished = runFinished(store.stdout);
    assert.match(String((finished.error as { code?: string }).code), /^audit_/);
    assert.match(String(finished.reason), /audit store/);
  } finally {
    ws.cleanup();
  }
});
