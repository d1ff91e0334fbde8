import assert from "node:assert/strict";
import { test } from "node:test";
import { formatCommandHelp } from "../../src/surfaces/cli/commandHelp.js";
import { COMMANDS } from "../../src/surfaces/cli/commandTable.js";
import { runCli } from "../support/cli.js";

/** Every command, and flags its help must list (what each one's parser accepts). */
const EXPECTED: Record<string, string[]> = {
  run: [
    "agent",
    "cwd",
    "policy",
    "env",
    "format",
    "json",
    "timeout",
    "name",
    "resume",
    "config",
    "log-format",
  ],
  serve: ["port", "host", "config"],
  proxy: ["agent", "policy", "env", "config"],
  "agents list": ["json", "config"],
  "agents show": ["env", "json", "config"],
  "agents import": ["json", "config"],
  "agents doctor": ["all", "json", "cwd", "policy", "probe-write", "timeout", "config"],
  "policy explain": ["policy", "config", "cwd", "agent", "kind", "path", "command", "request"],
  "policy replay": ["policy", "policies-file", "config", "since", "session", "json"],
  "audit list": ["session", "kind", "since", "limit", "json", "config"],
  "audit show": ["json", "config"],
  "audit verify": ["anchor", "json", "config"],
  "audit anchor": ["json", "config"],
  "audit export": ["format", "json", "session", "since", "config"],
  "sessions list": ["limit", "json", "config", "server"],
  "sessions show": ["json", "config", "server"],
  "sessions cancel": ["server"],
  "sessions approve": ["reason", "reject", "server"],
  "token create": ["role", "name", "config"],
  "config schema": [],
  "config check": ["json"],
};

void test("each command's --help is its own: usage, every flag, nothing of its siblings", async () => {
  for (const [name, flags] of Object.entries(EXPECTED)) {
    const help = await runCli([...name.split(" "), "--help"]);
    assert.equal(help.code, 0, `${name}: ${help.stderr}`);
    assert.ok(help.stdout.startsWith(`Usage: acpgate ${name} `), `${name}:\n${help.stdout}`);
    for (const flag of [...flags, "help"])
      assert.match(help.stdout, new RegExp(`^ +(-h, )?--${flag}\\b`, "m"), `${name} --${flag}`);
    for (const other of Object.keys(EXPECTED).filter((n) => n !== name && n.includes(" ")))
      assert.ok(!help.stdout.includes(`acpgate ${other}`), `${name} --help shows ${other}`);
  }
});

void test("the table: every flag a command parses is in its help; the main help lists them all", async () => {
  assert.deepEqual(
    COMMANDS.map((c) => c.name),
    Object.keys(EXPECTED),
  );
  for (const command of COMMANDS) {
    const help = formatCommandHelp(command);
    for (const name of Object.keys(command.flags))
      assert.match(help, new RegExp(`--${name}\\b`), `${command.name} --${name}`);
  }
  const main = await runCli(["--help"]);
  assert.equal(main.code, 0);
  for (const command of COMMANDS)
    assert.match(main.stdout, new RegExp(`^  ${command.name}\\b`, "m"));
});

void test("help COMMAND, group help, and unknown names", async () => {
  const viaHelp = await runCli(["help", "audit", "list"]);
  const viaFlag = await runCli(["audit", "list", "-h"]);
  assert.equal(viaHelp.stdout, viaFlag.stdout);
  const group = await runCli(["agents", "--help"]);
  assert.equal(group.code, 0);
  assert.match(group.stdout, /^ {2}list +the catalogue/m);
  assert.match(group.stdout, /^ {2}doctor ID \| --all +start/m);
  assert.equal((await runCli(["audit"])).code, 2);
  const unknown = await runCli(["agents", "frob"]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown 'agents' command 'frob'/);
  const badFlag = await runCli(["audit", "verify", "--frob"]);
  assert.equal(badFlag.code, 2);
  assert.match(badFlag.stderr, /audit verify: Unknown option '--frob'/);
  const stray = await runCli(["audit", "verify", "extra"]);
  assert.equal(stray.code, 2);
  assert.match(stray.stderr, /unexpected argument 'extra'/);
});
