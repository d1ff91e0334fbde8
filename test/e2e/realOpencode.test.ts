import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { stringify } from "yaml";
import { jsonLines, runCli } from "../support/cli.js";
import { MOCK_FINAL_TEXT } from "../support/mockLlm.js";
import { withMockLlm, type MockLlmFixture } from "../support/mockLlmFixture.js";
import { noProcessWithEnv } from "../support/processes.js";
import { makeAgentHome, realAgentEntry, realAgentInstalled } from "../support/realAgents.js";

// The real opencode (`opencode acp`, a native binary) through `acpgate run`, offline on the
// mock LLM's OpenAI Chat Completions API. With OPENCODE_PERMISSION asking before each edit,
// opencode's write is a permission request: the policy decides it, the audit records it.

const skip = realAgentInstalled("opencode")
  ? false
  : "opencode is not installed (node scripts/opencode.mjs)";

interface Run {
  code: number | null;
  stderr: string;
  events: Record<string, unknown>[];
  audit: Record<string, unknown>[];
  file: string;
}

async function runOpencode(fx: MockLlmFixture, policy: string | undefined): Promise<Run> {
  const dir = mkdtempSync(join(fx.root, "run-"));
  const home = makeAgentHome("opencode", dir);
  const config = join(dir, "acpgate.yaml");
  writeFileSync(
    config,
    stringify({ agents: { opencode: realAgentEntry("opencode", fx.mock.url, home) } }),
  );
  const ws = join(dir, "ws");
  mkdirSync(ws);
  const file = join(ws, "keep.txt");
  writeFileSync(file, "original\n");
  const prompt = [
    "Update the file.",
    `@tool read {"file_path": "${file}"}`,
    `@tool write {"file_path": "${file}", "content": "changed\\n"}`,
  ].join("\n");
  const before = fx.mock.requests.length;
  const args = ["run", "--agent", "opencode", "--config", config, "--format", "json"];
  const result = await runCli([...args, ...(policy ? ["--policy", policy] : []), prompt], {
    cwd: ws,
    timeoutMs: 120_000,
  });
  const mine = fx.mock.requests.slice(before);
  const calls = mine.flatMap((r) => (r.reply?.type === "tool" ? [r.reply.name] : []));
  assert.deepEqual(calls, ["read", "write"], "the mock asked opencode's read, then its write");
  assert.deepEqual(
    mine.filter((r) => r.kind === "escape").map((r) => r.path),
    [],
    "nothing tried to leave the machine",
  );
  assert.deepEqual(await noProcessWithEnv("HOME", home), [], "no opencode process outlived it");
  const audit = await runCli(["audit", "list", "--json", "--config", config], { cwd: ws });
  assert.equal(audit.code, 0, audit.stderr);
  return {
    code: result.code,
    stderr: result.stderr,
    events: jsonLines(result.stdout),
    audit: jsonLines(audit.stdout),
    file: readFileSync(file, "utf8"),
  };
}

const ofKind = (records: Record<string, unknown>[], kind: string) =>
  records.filter((r) => r.kind === kind);
const decision = (record: Record<string, unknown> | undefined) =>
  record?.decision as { outcome?: string; ruleId?: string } | undefined;

void describe("real opencode through acpgate run", { skip }, () => {
  const fx = withMockLlm("acpgate-opencode-");

  void test("read-only: acpgate puts it in plan, the write is asked and refused by policy", async () => {
    const run = await runOpencode(fx, undefined);
    assert.equal(run.code, 5, `exit 5: refused by policy, nothing approved\n${run.stderr}`);
    assert.equal(run.file, "original\n", "keep.txt unchanged");
    assert.ok(
      run.events.some((e) => e.type === "mode_changed" && e.modeId === "plan"),
      "acpgate set the mode mapped to read-only",
    );
    const [decided, ...more] = ofKind(run.audit, "permission_decided");
    assert.equal(more.length, 0, "one permission request, for the write");
    assert.equal(decided?.actor, "policy");
    assert.equal(decision(decided)?.outcome, "reject");
    assert.equal(decision(decided)?.ruleId, "posture:read-only");
    const outcomes = ofKind(run.audit, "tool_outcome").map((r) => r.status);
    assert.deepEqual(outcomes, ["completed", "failed"], "the read ran, the write failed");
    assert.deepEqual(ofKind(run.audit, "fs_write"), [], "nothing was written through the client");
  });

  void test("workspace-write: the write is allowed by its rule, lands and is audited", async () => {
    const run = await runOpencode(fx, "workspace-write");
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.file, "changed\n", "keep.txt written");
    const kinds = run.audit.map((r) => r.kind);
    const decided = ofKind(run.audit, "permission_decided");
    assert.equal(decided.length, 1, "one permission request, for the write");
    assert.equal(decided[0]?.actor, "policy");
    assert.equal(decision(decided[0])?.outcome, "allow");
    assert.equal(decision(decided[0])?.ruleId, "posture:workspace-write");
    const writeOutcome = run.audit.findIndex(
      (r, i) => r.kind === "tool_outcome" && i > kinds.indexOf("permission_decided"),
    );
    assert.equal(run.audit[writeOutcome]?.status, "completed", "then the write completed");
    const text = run.events.map((e) => (e.type === "agent_message" ? e.text : "")).join("");
    assert.ok(text.includes(MOCK_FINAL_TEXT), `final answer: ${text}`);
  });
});
