import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { jsonLines, runCli } from "../support/cli.js";
import { scratchDir } from "../support/scratchDir.js";

const tmp = scratchDir("acpgate-cli-json-");
after(() => tmp.remove());

before(async () => {
  writeFileSync(join(tmp.dir, "README.md"), "# hi\n");
  const run = await runCli(["run", "@say hello\n@write out.txt hi"], { cwd: tmp.dir });
  assert.equal(run.code, 5, run.stderr);
  const second = await runCli(["run", "@say again"], { cwd: tmp.dir });
  assert.equal(second.code, 0, second.stderr);
});

/** Every command with a text form takes --json, and prints JSON Lines: one object a line, each
 * with a `schema` naming its shape. */
const JSON_COMMANDS: [string[], string, number][] = [
  [["run", "--json", "@say hi"], "acpgate.event.v1", 0],
  [["agents", "list", "--json"], "acpgate.agent.v1", 0],
  [["agents", "show", "demo", "--json"], "acpgate.agent-inputs.v1", 0],
  [["agents", "doctor", "demo", "--json"], "acpgate.doctor.v1", 0],
  [
    ["policy", "explain", "--kind", "read", "--path", "README.md", "--json"],
    "acpgate.policy-explain.v1",
    0,
  ],
  [["policy", "replay", "--policy", "workspace-write", "--json"], "acpgate.policy-replay.v2", 0],
  [["audit", "list", "--json"], "acpgate.audit.v1", 0],
  [["audit", "show", "1", "--json"], "acpgate.audit.v1", 0],
  [["audit", "verify", "--json"], "acpgate.audit-verify.v1", 0],
  [["audit", "export", "--json"], "acpgate.audit.v1", 0],
];

void test("--json everywhere: JSON Lines, each object tagged with its schema", async () => {
  for (const [args, schema, code] of JSON_COMMANDS) {
    const result = await runCli(args, { cwd: tmp.dir });
    assert.equal(result.code, code, `${args.join(" ")}: ${result.stderr}`);
    const lines = result.stdout.split("\n").filter(Boolean);
    assert.ok(lines.length > 0, args.join(" "));
    for (const line of lines) {
      const value = JSON.parse(line) as unknown;
      assert.ok(typeof value === "object" && value !== null && !Array.isArray(value), line);
      assert.equal((value as { schema?: unknown }).schema, schema, `${args.join(" ")}: ${line}`);
    }
  }
});

void test("policy explain: --json is the output, --request the input; --kind is checked", async () => {
  const explained = await runCli(
    ["policy", "explain", "--request", '{"kind":"edit","path":"src/a.ts"}', "--json"],
    { cwd: tmp.dir },
  );
  assert.equal(explained.code, 0, explained.stderr);
  const [line] = jsonLines(explained.stdout) as [{ decision: { outcome: string } }];
  assert.equal(line.decision.outcome, "reject");
  const frob = await runCli(["policy", "explain", "--kind", "frob"], { cwd: tmp.dir });
  assert.equal(frob.code, 2);
  assert.match(frob.stderr, /--kind must be one of read, edit, .*\(got 'frob'\)/);
  assert.equal(frob.stdout, "");
  const both = await runCli(["run", "--json", "--format", "text", "hi"], { cwd: tmp.dir });
  assert.equal(both.code, 2);
});

void test("--session: a prefix of several sessions is a usage error naming them", async () => {
  const ambiguous = await runCli(["audit", "list", "--session", "ses_"], { cwd: tmp.dir });
  assert.equal(ambiguous.code, 2);
  assert.match(ambiguous.stderr, /--session 'ses_' matches \d+ sessions: ses_/);
  const none = await runCli(["audit", "export", "--session", "ses_nope"], { cwd: tmp.dir });
  assert.equal(none.code, 0, none.stderr);
  assert.equal(none.stdout, "");
});
