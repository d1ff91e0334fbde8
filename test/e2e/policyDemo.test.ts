import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { jsonEvents, runCli } from "../support/runCli.js";

/**
 * The bundled demo agent driven through `acpgate run` (a real child process, a real agent
 * process, real files): read-only refuses writes, workspace-write lands them inside src/
 * but never outside or in .git, terminals run only by rule, the default deny list holds.
 */
let root: string;
let ws: string;

const CONFIG = `
environments:
  dev: { policy: workspace-write }
policies:
  workspace-write:
    allow:
      - { kind: edit, paths: ["src/**"] }
  ci-tests:
    posture: workspace-write
    allow:
      - { kind: edit, paths: ["src/**"] }
      - { id: npm-test, kind: execute, command: "npm test" }
      - { id: any-rm, kind: execute, command: rm }
  strict-ask:
    posture: workspace-write
    unattendedAsk: fail
`;

before(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "acpgate-policy-e2e-")));
  ws = join(root, "ws");
  mkdirSync(join(ws, "src"), { recursive: true });
  mkdirSync(join(ws, ".git"), { recursive: true });
  writeFileSync(join(ws, ".git/config"), "[core]\n");
  writeFileSync(join(ws, "src/keep.ts"), "original\n");
  writeFileSync(
    join(ws, "package.json"),
    JSON.stringify({ name: "e2e", version: "1.0.0", scripts: { test: "echo tests-passed" } }),
  );
  writeFileSync(join(ws, "acpgate.yaml"), CONFIG);
});
after(() => rmSync(root, { recursive: true, force: true }));

const run = (policy: string, prompt: string) =>
  runCli(["run", "--config", "acpgate.yaml", "--policy", policy, "--format", "json", prompt], {
    cwd: ws,
  });

const decided = (stdout: string) =>
  jsonEvents(stdout).filter((e) => e.type === "permission_decided");

void test("read-only: a write is refused and the file is unchanged on disk", async () => {
  const result = await run("read-only", "@write src/keep.ts changed\n@write src/x.ts hello");
  assert.equal(result.code, 5, result.stderr);
  assert.equal(readFileSync(join(ws, "src/keep.ts"), "utf8"), "original\n");
  assert.equal(existsSync(join(ws, "src/x.ts")), false);
  const decisions = decided(result.stdout);
  assert.equal(decisions.length, 2);
  for (const d of decisions) assert.equal(d.outcome, "reject");
});

void test("workspace-write: src/x.ts lands, ../outside.txt and .git/config do not", async () => {
  const result = await run(
    "workspace-write",
    "@write src/x.ts hello\n@write ../outside.txt x\n@write .git/config x",
  );
  assert.equal(result.code, 0, result.stderr);
  assert.equal(readFileSync(join(ws, "src/x.ts"), "utf8"), "hello");
  assert.equal(existsSync(join(root, "outside.txt")), false);
  assert.equal(readFileSync(join(ws, ".git/config"), "utf8"), "[core]\n");
  const events = jsonEvents(result.stdout);
  const rules = decided(result.stdout).map((d) => `${String(d.outcome)}:${String(d.ruleId)}`);
  assert.deepEqual(rules, [
    "allow:workspace-write.allow[0]",
    "reject:protected:outside-roots",
    "reject:protected:.git",
  ]);
  const writes = events.filter((e) => e.type === "fs_write");
  assert.deepEqual(
    writes.map((w) => [w.path, w.allowed]),
    [["src/x.ts", true]],
  );
  // The demo agent's `code` mode is mapped to workspace-write: the session was put in it.
  assert.ok(events.some((e) => e.type === "mode_changed" && e.modeId === "code"));
});

void test("terminal: npm test runs only when a rule allows it, and its output returns", async () => {
  const refused = await run("workspace-write", "@run npm test");
  assert.equal(refused.code, 5, refused.stderr);
  assert.ok(!refused.stdout.includes("tests-passed"));

  const allowed = await run("ci-tests", "@run npm test");
  assert.equal(allowed.code, 0, allowed.stderr);
  const [decision] = decided(allowed.stdout);
  assert.equal(decision?.ruleId, "npm-test");
  const terminal = jsonEvents(allowed.stdout).find(
    (e) => e.type === "terminal" && e.action === "create",
  );
  assert.equal(terminal?.allowed, true);
  assert.equal(terminal?.command, "npm test");
  const said = jsonEvents(allowed.stdout)
    .filter((e) => e.type === "agent_message")
    .map((e) => String(e.text))
    .join("");
  assert.match(said, /exited with 0:[\s\S]*tests-passed/);
});

void test("the shipped default deny list refuses rm -rf / even when a rule allows rm", async () => {
  const result = await run("ci-tests", "@run rm -rf /");
  assert.equal(result.code, 5, result.stderr);
  const [decision] = decided(result.stdout);
  assert.equal(decision?.outcome, "reject");
  assert.equal(decision?.ruleId, "default-deny.rm-root");
  assert.ok(!jsonEvents(result.stdout).some((e) => e.type === "terminal"));
});

void test("unattendedAsk: fail ends the run when policy asks and nobody can answer", async () => {
  const result = await run("strict-ask", "@run echo hi\n@say after");
  assert.equal(result.code, 5, result.stdout + result.stderr);
  assert.match(result.stdout + result.stderr, /unattendedAsk: fail/);
});

void test("an environment names the policy when --policy is not given", async () => {
  const result = await runCli(
    [
      "run",
      "--config",
      "acpgate.yaml",
      "--env",
      "dev",
      "--format",
      "json",
      "@write src/env.ts via-env",
    ],
    { cwd: ws },
  );
  assert.equal(result.code, 0, result.stderr);
  assert.equal(readFileSync(join(ws, "src/env.ts"), "utf8"), "via-env");
});

void test("policy explain prints the decision, the rule and why", async () => {
  const result = await runCli(
    [
      "policy",
      "explain",
      "--config",
      "acpgate.yaml",
      "--policy",
      "workspace-write",
      "--kind",
      "edit",
      "--path",
      ".git/config",
    ],
    { cwd: ws },
  );
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /decision\s+reject/);
  assert.match(result.stdout, /rule\s+protected:\.git/);
  assert.match(result.stdout, /why\s+\.git\/config is inside a \.git directory/);
  const json = await runCli(
    [
      "policy",
      "explain",
      "--config",
      "acpgate.yaml",
      "--policy",
      "ci-tests",
      "--json",
      "--request",
      '{"method":"terminal/create","params":{"command":"sh","args":["-c","npm test --silent"]}}',
    ],
    { cwd: ws },
  );
  const parsed = JSON.parse(json.stdout) as { decision: { outcome: string; ruleId: string } };
  assert.deepEqual([parsed.decision.outcome, parsed.decision.ruleId], ["allow", "npm-test"]);
});
