import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { COMMANDS } from "../../src/surfaces/cli/commandTable.js";
import { RUN } from "../../src/surfaces/cli/runSpec.js";
import { REPO_ROOT } from "../support/repoRoot.js";

const README = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
const CLI_DOC = readFileSync(join(REPO_ROOT, "docs/cli.md"), "utf8");

function section(text: string, heading: string): string {
  const start = text.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `no section ${heading}`);
  const end = text.indexOf("\n## ", start + heading.length + 2);
  return text.slice(start, end < 0 ? undefined : end);
}

void test("the README's command list has every command of the table, with its summary", () => {
  const block = section(README, "## Commands");
  for (const command of COMMANDS) {
    const line = block.split("\n").find((l) => l.startsWith(`acpgate ${command.name} `));
    assert.ok(line, `README command list lacks acpgate ${command.name}`);
    assert.ok(line.includes(command.summary), `README: ${command.name}: ${command.summary}`);
  }
});

void test("the README's run synopsis names every run flag", () => {
  const run = section(README, "## `acpgate run` — one unattended session for CI");
  for (const flag of Object.keys(RUN.flags))
    assert.match(run, new RegExp(`\\[--${flag}\\b`), `README run synopsis lacks --${flag}`);
});

void test("docs/cli.md names the JSON schema of every command that takes --json", () => {
  for (const command of COMMANDS) {
    const json = command.flags.json;
    if (!json) continue;
    const schema = /schema (acpgate\.[\w.-]+)/.exec(json.help)?.[1];
    assert.ok(schema, `${command.name} --json help names no schema`);
    const row = CLI_DOC.split("\n").find((l) => l.startsWith(`| \`acpgate ${command.name}\``));
    assert.ok(row, `docs/cli.md lacks a row for ${command.name}`);
    assert.ok(row.includes(`\`${schema}\``), `docs/cli.md: ${command.name} → ${schema}`);
  }
});

void test("the README says what npm ci needs when better-sqlite3 has no prebuilt binary", () => {
  const setup = section(README, "## Set up and run (two commands on a fresh machine)");
  assert.match(setup, /better-sqlite3/);
  assert.match(setup, /prebuilt binary/);
  for (const need of [/\*\*python3\*\*/, /\*\*make\*\*/, /\*\*C\+\+ compiler\*\*/, /node-gyp/])
    assert.match(setup, need);
  assert.match(setup, /apt-get install python3 make g\+\+/);
});
