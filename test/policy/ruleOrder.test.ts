import assert from "node:assert/strict";
import { test } from "node:test";
import { BUILTIN_POLICIES } from "../../src/policy/builtinPolicies.js";
import { parseCommand, segmentHasPrefix } from "../../src/policy/commandLine.js";
import { decide } from "../../src/policy/decide.js";
import { globToRegExp } from "../../src/policy/pathGlob.js";
import type { PathFact, Policy, PolicyRequest } from "../../src/policy/policyTypes.js";

const base: Policy = {
  ...BUILTIN_POLICIES["workspace-write"],
  name: "t",
  deny: [],
  ask: [],
  allow: [],
};
const fact = (relative: string, extra: Partial<PathFact> = {}): PathFact => ({
  raw: relative,
  real: `/ws/${relative}`,
  relative,
  inside: true,
  root: "/ws",
  ...extra,
});
const edit = (...paths: string[]): PolicyRequest => ({
  source: "permission",
  kinds: ["edit"],
  paths: paths.map((p) => fact(p)),
  agentId: "a",
});

void test("deny wins wherever it is listed, and over an earlier allow", () => {
  const policy: Policy = {
    ...base,
    allow: [{ id: "allow-all", kinds: ["edit"], paths: ["**"] }],
    ask: [{ id: "ask-src", paths: ["src/**"] }],
    deny: [{ id: "deny-key", paths: ["*.key"] }],
  };
  assert.equal(decide(edit("src/a.key"), policy).ruleId, "deny-key");
  assert.equal(decide(edit("src/a.ts"), policy).ruleId, "ask-src");
  assert.equal(decide(edit("docs/a.md"), policy).ruleId, "allow-all");
});

void test("first match wins within a list", () => {
  const policy: Policy = {
    ...base,
    allow: [
      { id: "first", kinds: ["edit"], paths: ["src/**"] },
      { id: "second", kinds: ["edit"], paths: ["src/a.ts"] },
    ],
  };
  assert.equal(decide(edit("src/a.ts"), policy).ruleId, "first");
});

void test("deny matches if any path matches; allow only if every path does", () => {
  const policy: Policy = {
    ...BUILTIN_POLICIES["read-only"],
    allow: [{ id: "src", kinds: ["edit"], paths: ["src/**"] }],
    deny: [{ id: "env", paths: [".env"] }],
  };
  assert.equal(decide(edit("src/a.ts", "src/.env"), policy).ruleId, "env");
  assert.equal(decide(edit("src/a.ts", "docs/a.md"), policy).outcome, "reject");
  assert.equal(decide(edit("src/a.ts", "src/b.ts"), policy).ruleId, "src");
});

void test("an ask answered allow_always earlier (a grant) becomes allow; deny still wins", () => {
  const policy: Policy = { ...base, deny: [{ id: "no-rm", commands: ["rm"] }] };
  const run = (command: string): PolicyRequest => ({
    source: "permission",
    kinds: ["execute"],
    toolName: "Bash",
    command,
    paths: [],
    agentId: "a",
  });
  const grants = [{ id: "1", kinds: ["execute" as const], toolName: "Bash" }];
  assert.equal(decide(run("make"), policy).outcome, "ask");
  assert.equal(decide(run("make"), policy, { grants }).ruleId, "grant:1");
  assert.equal(decide(run("rm -r x"), policy, { grants }).ruleId, "no-rm");
});

void test("on a case-insensitive mount deny globs and .git fold case", () => {
  const policy: Policy = { ...base, deny: [{ id: "env", paths: ["**/.env"] }] };
  const request: PolicyRequest = {
    ...edit(),
    paths: [fact("src/.ENV", { caseInsensitive: true })],
  };
  assert.equal(decide(request, policy).ruleId, "env");
  assert.equal(decide({ ...edit(), paths: [fact("src/.ENV")] }, policy).outcome, "allow");
  assert.equal(decide(edit(".Git/HEAD"), base).ruleId, "protected:.git");
});

void test("unknown paths never satisfy an allow glob", () => {
  const policy: Policy = {
    ...BUILTIN_POLICIES["read-only"],
    allow: [{ id: "read-src", kinds: ["read"], paths: ["src/**"] }],
  };
  const request: PolicyRequest = {
    source: "permission",
    kinds: ["read"],
    paths: [],
    pathsUnknown: true,
    agentId: "a",
  };
  assert.equal(decide(request, policy).outcome, "reject");
});

void test("globs: ** spans directories, a pattern without / matches at any depth", () => {
  assert.ok(globToRegExp("src/**").test("src/a/b.ts"));
  assert.ok(globToRegExp("src/**").test("src"));
  assert.ok(!globToRegExp("src/**").test("srcx/a"));
  assert.ok(globToRegExp("*.pem").test("a/b/c.pem"));
  assert.ok(!globToRegExp("/etc/*").test("/etc/a/b"));
  assert.ok(globToRegExp("{src,test}/**/*.ts").test("test/x/y.ts"));
});

void test("commands: segments, wrappers and sh -c scripts", () => {
  const parsed = parseCommand("FOO=1 env -i npm test && bash -lc 'sudo ls' | tee out");
  assert.deepEqual(parsed.segments, [
    ["npm", "test"],
    ["bash", "-lc", "sudo ls"],
    ["tee", "out"],
    ["sudo", "ls"],
  ]);
  assert.ok(segmentHasPrefix(["npm", "test", "--x"], "npm test", true));
  assert.ok(!segmentHasPrefix(["npm", "testing"], "npm test", true));
  assert.ok(segmentHasPrefix(["/usr/bin/sudo", "ls"], "sudo", false));
  assert.ok(!segmentHasPrefix(["/usr/bin/sudo", "ls"], "sudo", true));
  assert.equal(parseCommand("npm test > out.txt").redirectsOutput, true);
  assert.equal(parseCommand("npm test 2>&1 >/dev/null").redirectsOutput, false);
});

test("a grant covers a request only when it covers every kind the request may be", () => {
  const policy: Policy = { ...base, ask: [{ id: "ask-all", kinds: ["edit", "execute"] }] };
  const request: PolicyRequest = {
    source: "permission",
    kinds: ["edit", "execute"],
    toolName: "Bash",
    paths: [fact("a.txt")],
    command: "ls",
    agentId: "x",
  };
  const onlyEdit = [{ id: "1", kinds: ["edit" as const], toolName: "Bash" }];
  assert.equal(decide(request, policy, { grants: onlyEdit }).outcome, "ask");
  const both = [{ id: "2", kinds: ["edit" as const, "execute" as const], toolName: "Bash" }];
  assert.equal(decide(request, policy, { grants: both }).outcome, "allow");
});
