import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cliCommand, runCli } from "../support/cli.js";
import { tempDir } from "../support/tempDir.js";

test("--cwd that does not exist, or is a file: exit 2 'no such directory', no spawn error", async () => {
  const ws = tempDir({ "file.txt": "not a directory\n" });
  try {
    for (const cwd of [join(ws.dir, "missing"), join(ws.dir, "file.txt")]) {
      const result = await runCli(["run", "--cwd", cwd, "hi"], { cwd: ws.dir });
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, /^acpgate: --cwd: no such directory: /m);
      assert.doesNotMatch(result.stderr, /ENOENT|ENOTDIR|spawn/);
    }
  } finally {
    ws.cleanup();
  }
});

test("a --config that is a directory, or cannot be read: exit 2 naming the file", async () => {
  const ws = tempDir();
  try {
    mkdirSync(join(ws.dir, "conf.d"));
    const dir = await runCli(["run", "--config", "conf.d", "hi"], { cwd: ws.dir });
    assert.equal(dir.code, 2, dir.stderr);
    assert.match(dir.stderr, /config file .*conf\.d is a directory/);

    const file = join(ws.dir, "secret.yaml");
    writeFileSync(file, "agents: {}\n");
    chmodSync(file, 0o000);
    chmodSync(ws.dir, 0o755);
    // Bound by file permissions even as root (no override capability): the read really fails.
    const [command, argv] = cliCommand(["run", "--config", file, "hi"], true);
    const result = spawnSync(command, argv, { cwd: ws.dir, encoding: "utf8", timeout: 30_000 });
    assert.equal(result.status, 2, result.stderr);
    assert.match(result.stderr, /cannot read config file .*secret\.yaml: EACCES/);
  } finally {
    ws.cleanup();
  }
});

test("a YAML alias bomb in acpgate.yaml: exit 2 at once", async () => {
  const lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
  for (let i = 1; i < 9; i++) {
    const prev = String.fromCharCode(96 + i);
    const name = String.fromCharCode(97 + i);
    lines.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(", ")}]`);
  }
  const ws = tempDir({ "acpgate.yaml": lines.join("\n") + "\n" });
  try {
    const result = await runCli(["run", "hi"], { cwd: ws.dir, timeoutMs: 20_000 });
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /acpgate\.yaml:2: invalid YAML: aliases expand/);
  } finally {
    ws.cleanup();
  }
});

test("a defaultAgent that names no agent: exit 2 with file, line and field", async () => {
  const ws = tempDir({ "acpgate.yaml": "agents:\n  a: { command: x }\ndefaultAgent: b\n" });
  try {
    const result = await runCli(["run", "hi"], { cwd: ws.dir });
    assert.equal(result.code, 2, result.stderr);
    assert.match(
      result.stderr,
      /acpgate\.yaml:3: defaultAgent: unknown agent 'b'; known agents: a, .*\bdemo\b/,
    );
  } finally {
    ws.cleanup();
  }
});
