import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { CLI, runCli } from "../support/cli.js";
import { tempDir } from "../support/tempDir.js";

const README = "# Widget\n\nA widget that does things.\n\n## Usage\n\nRun it.\n";

test("acpgate run with the demo agent streams a summary and exits 0", async () => {
  const ws = tempDir({ "README.md": README });
  try {
    const result = await runCli(["run", "--agent", "demo", "read README.md and summarise it"], {
      cwd: ws.dir,
    });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /README\.md: 8 lines/);
    assert.match(result.stdout, /Sections: Widget · Usage/);
  } finally {
    ws.cleanup();
  }
});

test("--format json prints one versioned JSON event per line and a run_finished line", async () => {
  const ws = tempDir({ "README.md": README });
  try {
    const result = await runCli(["run", "--format", "json", "read README.md and summarise it"], {
      cwd: ws.dir,
    });
    assert.equal(result.code, 0, result.stderr);
    const lines = result.stdout.trim().split("\n");
    const events = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const event of events) assert.equal(event.schema, "acpgate.event.v1");
    const types = events.map((e) => e.type);
    for (const expected of [
      "session_started",
      "turn_started",
      "tool_call",
      "agent_message",
      "turn_ended",
      "run_finished",
    ]) {
      assert.ok(types.includes(expected), `missing ${expected} in ${types.join(",")}`);
    }
    const chunk = events.find((e) => e.type === "agent_message");
    assert.equal((chunk?.raw as { method?: string }).method, "session/update");
    const seqs = events.filter((e) => e.type !== "run_finished").map((e) => e.seq as number);
    assert.deepEqual(
      seqs,
      [...seqs].sort((a, b) => a - b),
    );
    const last = events.at(-1);
    assert.equal(last?.exitCode, 0);
    assert.equal(last?.stopReason, "end_turn");
  } finally {
    ws.cleanup();
  }
});

test("--format quiet prints only the final answer; the prompt can come from stdin", async () => {
  const ws = tempDir({ "README.md": README });
  try {
    const result = await runCli(["run", "--format", "quiet", "-"], {
      cwd: ws.dir,
      input: "summarise README.md please",
    });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout.trim().split("\n")[0], "README.md: 8 lines, 11 words.");
  } finally {
    ws.cleanup();
  }
});

test("an unattended write is refused, exit 5, and the file is unchanged", async () => {
  const ws = tempDir({ "notes.txt": "original\n" });
  try {
    const result = await runCli(["run", "--format", "json", "@write notes.txt overwritten"], {
      cwd: ws.dir,
    });
    assert.equal(result.code, 5, result.stderr);
    assert.equal(readFileSync(join(ws.dir, "notes.txt"), "utf8"), "original\n");
    const decided = result.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((e) => e.type === "permission_decided");
    assert.equal(decided?.outcome, "reject");
    assert.equal(decided?.optionKind, "reject_once");
  } finally {
    ws.cleanup();
  }
});

test("reads outside the session cwd are refused with a JSON-RPC error the agent reports", async () => {
  const ws = tempDir({});
  try {
    const result = await runCli(["run", "@read ../../etc/passwd"], { cwd: ws.dir });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /I could not read \.\.\/\.\.\/etc\/passwd: acpgate refused/);
    assert.doesNotMatch(result.stdout, /root:/);
  } finally {
    ws.cleanup();
  }
});

test("a refused read in a turn that ends end_turn is reported once, its cause named once", async () => {
  const ws = tempDir({});
  try {
    const result = await runCli(["run", "@read /etc/passwd\n@say done"], { cwd: ws.dir });
    assert.equal(result.code, 0, result.stderr);
    const lines = result.stderr.split("\n");
    const refusals = lines.filter((line) => line.startsWith("✗"));
    assert.equal(refusals.length, 1, result.stderr);
    assert.equal(lines.filter((line) => line.includes("outside the allowed roots")).length, 1);
    const line = refusals[0]!;
    assert.equal(line.split("/etc/passwd").length - 1, 1, line);
    assert.match(line, /^✗ refused: read of \/etc\/passwd is outside the allowed roots \[rule /);
  } finally {
    ws.cleanup();
  }
});

test("usage errors exit 2 with a message; --help explains", async () => {
  const noPrompt = await runCli(["run", ""]);
  assert.equal(noPrompt.code, 2);
  assert.match(noPrompt.stderr, /no prompt/);
  const badFormat = await runCli(["run", "--format", "yaml", "hi"]);
  assert.equal(badFormat.code, 2);
  assert.match(badFormat.stderr, /--format must be one of text, json, quiet/);
  const help = await runCli(["run", "--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /Exit codes:/);
  const unknown = await runCli(["frobnicate"]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown command 'frobnicate'/);
});

test("a reader that goes away (acpgate run … | head) ends the run cleanly, not with EPIPE", async () => {
  const ws = tempDir();
  try {
    const child = spawn(process.execPath, [CLI, "run", "--format", "json", "@chunks 5000"], {
      cwd: ws.dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    assert.equal(code, 0, stderr);
    assert.doesNotMatch(stderr, /EPIPE|Unhandled/);
  } finally {
    ws.cleanup();
  }
});
