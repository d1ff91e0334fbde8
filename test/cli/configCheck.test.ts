import assert from "node:assert/strict";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { jsonLines, runCli } from "../support/cli.js";
import { scratchDir } from "../support/scratchDir.js";

const tmp = scratchDir("acpgate-config-check-");
after(() => tmp.remove());

function file(name: string, lines: string[]): string {
  writeFileSync(join(tmp.dir, name), lines.join("\n") + "\n");
  return name;
}

void test("config check: a valid file passes, and nothing runs", async () => {
  file("acpgate.yaml", [
    "agents:",
    "  mine: { command: /nonexistent/agent }",
    "defaultAgent: mine",
    "environments:",
    "  ci: { policy: tests }",
    "policies:",
    "  tests: { extends: read-only, allow: [{ kind: execute, command: npm test }] }",
  ]);
  const result = await runCli(["config", "check"], { cwd: tmp.dir });
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /acpgate\.yaml: ok$/m);
  assert.equal(existsSync(join(tmp.dir, ".acpgate")), false, "check opened the store");
});

void test("config check: every schema problem as file:line: field, exit 2", async () => {
  const name = file("bad.yaml", [
    "agents:",
    "  claude:",
    "    command: claude-agent-acp",
    "    npx: { package: x }",
    "policies:",
    "  p:",
    "    allow:",
    "      - { kind: frob }",
    "storage: { sqlite: a.db, synchronous: sometimes }",
    "colour: blue",
  ]);
  const result = await runCli(["config", "check", name], { cwd: tmp.dir });
  assert.equal(result.code, 2, result.stdout);
  const path = join(tmp.dir, name);
  const lines = result.stderr.trim().split("\n");
  assert.ok(
    lines.includes(
      `${path}:3: agents.claude: an agent takes at most one of \`command\`, \`npx\` or \`binary\``,
    ),
    result.stderr,
  );
  assert.ok(
    lines.some((l) => l.startsWith(`${path}:8: policies.p.allow.0.kind: `)),
    result.stderr,
  );
  assert.ok(
    lines.some((l) => l.startsWith(`${path}:9: storage`)),
    result.stderr,
  );
  assert.ok(lines.includes(`${path}:1: (root): unknown field(s): colour`), result.stderr);
  const json = await runCli(["config", "check", name, "--json"], { cwd: tmp.dir });
  assert.equal(json.code, 2);
  const [report] = jsonLines(json.stdout) as [
    { schema: string; ok: boolean; issues: { file: string; line: number; field: string }[] },
  ];
  assert.equal(report.schema, "acpgate.config-check.v1");
  assert.equal(report.ok, false);
  assert.deepEqual(report.issues[0], {
    file: path,
    line: 3,
    field: "agents.claude",
    message: "an agent takes at most one of `command`, `npx` or `binary`",
  });
});

void test("config check: names the schema cannot see (agents, policies) are checked at their line", async () => {
  const name = file("refs.yaml", [
    "defaultAgent: ghost",
    "environments:",
    "  ci:",
    "    policy: nope",
    "policies:",
    "  loop: { extends: loop2 }",
    "  loop2: { extends: loop }",
  ]);
  const result = await runCli(["config", "check", name], { cwd: tmp.dir });
  assert.equal(result.code, 2);
  const path = join(tmp.dir, name);
  assert.match(result.stderr, new RegExp(`^${path}:1: defaultAgent: unknown agent 'ghost'`, "m"));
  assert.match(
    result.stderr,
    new RegExp(`^${path}:4: environments\\.ci\\.policy: unknown policy 'nope'`, "m"),
  );
  assert.match(
    result.stderr,
    new RegExp(`^${path}:6: policies\\.loop\\.extends: policy 'loop' extends itself`, "m"),
  );
});

void test("config check: bad YAML names its line; a missing file is a usage error", async () => {
  const name = file("broken.yaml", ["agents:", "  a: { command: x", "server: {}"]);
  const result = await runCli(["config", "check", name], { cwd: tmp.dir });
  assert.equal(result.code, 2);
  assert.match(
    result.stderr,
    new RegExp(`^${join(tmp.dir, name)}:\\d+: \\(root\\): invalid YAML`, "m"),
  );
  const missing = await runCli(["config", "check", "nope.yaml"], { cwd: tmp.dir });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot read .*nope\.yaml/);
});
