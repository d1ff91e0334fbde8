import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { REPO_ROOT } from "../support/repoRoot.js";
import { jsonEvents, runCli } from "../support/runCli.js";

/**
 * The ACP SDK 1.9.0 example agent (a third-party agent: no modes, no loadSession, writes
 * "itself" after asking permission to edit /home/user/project/config.json) under policy.
 */
const AGENT = join(REPO_ROOT, "node_modules/acp-sdk-v1/dist/examples/agent.js");
const TARGET = "/home/user/project/config.json";
let root: string;

before(() => {
  assert.ok(existsSync(AGENT), `SDK example agent missing at ${AGENT}: run npm ci`);
  root = realpathSync(mkdtempSync(join(tmpdir(), "acpgate-policy-sdk-")));
  mkdirSync(join(root, "src"));
  writeFileSync(
    join(root, "acpgate.yaml"),
    `
defaultAgent: example
agents:
  example:
    command: node
    args: [${JSON.stringify(AGENT)}]
policies:
  permission-only:
    extends: read-only
    enforcement: permission-only
  needs-load:
    extends: read-only
    enforcement: permission-only
    require: [loadSession]
  src-writes:
    posture: workspace-write
    allow:
      - { kind: edit, paths: ["src/**"] }
`,
  );
});
after(() => rmSync(root, { recursive: true, force: true }));

const run = (policy: string) =>
  runCli(["run", "--config", "acpgate.yaml", "--policy", policy, "--format", "json", "hello"], {
    cwd: root,
  });

void test("read-only that cannot be enforced is refused before the prompt (exit 4)", async () => {
  const result = await run("read-only");
  assert.equal(result.code, 4, result.stdout + result.stderr);
  const out = result.stdout + result.stderr;
  assert.match(out, /agent 'example' cannot be held read-only under policy 'read-only'/);
  assert.match(out, /enforcement: permission-only/);
  assert.ok(!jsonEvents(result.stdout).some((e) => e.type === "turn_started"));
});

void test("read-only, permission-only: the edit permission is refused (exit 5)", async () => {
  const result = await run("permission-only");
  assert.equal(result.code, 5, result.stdout + result.stderr);
  const decided = jsonEvents(result.stdout).filter((e) => e.type === "permission_decided");
  assert.equal(decided.length, 1);
  assert.equal(decided[0]?.outcome, "reject");
  assert.equal(decided[0]?.optionKind, "reject_once");
  assert.equal(existsSync(TARGET), false);
});

void test("workspace-write with src/** allowed: an edit outside the workspace is refused", async () => {
  const result = await run("src-writes");
  assert.equal(result.code, 5, result.stdout + result.stderr);
  const [decided] = jsonEvents(result.stdout).filter((e) => e.type === "permission_decided");
  assert.equal(decided?.outcome, "reject");
  assert.equal(decided?.ruleId, "protected:outside-roots");
  assert.equal(existsSync(TARGET), false);
});

void test("a capability the policy requires and the agent lacks: exit 4 naming it", async () => {
  const result = await run("needs-load");
  assert.equal(result.code, 4, result.stdout + result.stderr);
  assert.match(
    result.stdout + result.stderr,
    /agent 'example' lacks capability 'loadSession' required by policy 'needs-load'/,
  );
});
