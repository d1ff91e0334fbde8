import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { CHANGED, ofKind, ORIGINAL, runCodex, type CodexRun } from "../support/codexRun.js";
import { withMockLlm } from "../support/mockLlmFixture.js";
import { noProcessWithEnv } from "../support/processes.js";
import { realAgentInstalled } from "../support/realAgents.js";

// The real codex-acp 2.6 (native codex 0.166) through `acpgate run`, offline on the mock LLM.
// acpgate keeps codex in its `read-only` mode, the one that asks before every file change, so
// the policy decides each write: refused under read-only (codex then aborts its turn),
// allowed under workspace-write (codex applies the patch itself). Both end in the audit.

interface Decided {
  actor: string;
  tool: { toolCallId: string };
  decision: { outcome: string; ruleId: string };
}
interface Outcome {
  id: number;
  status: string;
  tool: { toolCallId: string };
}

const skip = realAgentInstalled("codex")
  ? false
  : "@agentclientprotocol/codex-acp is not installed (npm ci installs the devDependencies)";

void describe("real codex through acpgate run", { skip }, () => {
  const fx = withMockLlm("acpgate-codex-");

  /** What every codex run shares: the model calls reached the mock, no process is left. */
  async function checkRun(run: CodexRun, t: { diagnostic(message: string): void }) {
    const why = `exit ${run.result.code}\nstderr: ${run.result.stderr.slice(-2000)}`;
    const model = run.requests.filter((r) => r.kind === "openai.responses");
    assert.ok(model.length >= 2, `codex called the mock's Responses API: ${why}`);
    assert.ok(model.every((r) => r.model === "gpt-5.5"));
    const patches = model.filter((r) => r.reply?.type === "tool" && r.reply.name === "apply_patch");
    assert.equal(patches.length, 1, "the mock asked for one apply_patch");
    const escapes = run.requests.filter((r) => r.kind === "escape").map((r) => r.path);
    t.diagnostic(`refused outbound attempts: ${[...new Set(escapes)].join(", ")}`);
    assert.ok(!escapes.some((host) => host.startsWith("api.openai.com")), "no model call escaped");
    const modes = ofKind<{ data: { modeId: string } }>(run.audit, "mode_change");
    assert.deepEqual(
      modes.map((m) => m.data.modeId),
      ["read-only"],
      "codex held in read-only",
    );
    assert.deepEqual(
      await noProcessWithEnv("HOME", run.home),
      [],
      "no codex process outlives the run",
    );
    return why;
  }

  void test(
    "read-only: the write is refused by policy, codex aborts its turn, exit 5",
    { timeout: 180_000 },
    async (t) => {
      const run = await runCodex(fx);
      const why = await checkRun(run, t);
      assert.equal(run.result.code, 5, why);
      assert.equal(run.file, ORIGINAL, "keep.txt unchanged");

      const asked = ofKind<{ raw: { params: { options: unknown[] } } }>(
        run.events,
        "permission_asked",
      );
      assert.equal(asked.length, 1, why);
      // codex's only reject option for a file change: `cancel`, which aborts the turn.
      assert.deepEqual(
        asked[0]?.raw.params.options.filter((o) =>
          (o as { kind: string }).kind.startsWith("reject"),
        ),
        [
          {
            optionId: "cancel",
            name: "No, and tell Codex what to do differently",
            kind: "reject_once",
          },
        ],
      );
      const decided = ofKind<Decided>(run.audit, "permission_decided");
      assert.deepEqual(
        decided.map((d) => [d.actor, d.decision.outcome, d.decision.ruleId]),
        [["policy", "reject", "posture:read-only"]],
      );
      assert.deepEqual(
        ofKind<{ status: string }>(run.audit, "turn_ended").map((r) => r.status),
        ["cancelled"],
      );
      const finished = ofKind<{ exitCode: number; reason: string }>(run.events, "run_finished")[0];
      assert.equal(finished?.exitCode, 5);
      assert.match(finished?.reason ?? "", /refused by policy .*ended its turn: cancelled/);
    },
  );

  void test(
    "workspace-write: the write is allowed by policy and lands, the audit says so",
    { timeout: 180_000 },
    async (t) => {
      const run = await runCodex(fx, "workspace-write");
      const why = await checkRun(run, t);
      assert.equal(run.result.code, 0, why);
      assert.equal(run.file, CHANGED, "codex applied the patch");

      const decided = ofKind<Decided & { id: number }>(run.audit, "permission_decided");
      assert.deepEqual(
        decided.map((d) => [d.actor, d.decision.outcome, d.decision.ruleId]),
        [["policy", "allow", "posture:workspace-write"]],
      );
      const callId = decided[0]?.tool.toolCallId;
      const outcome = ofKind<Outcome>(run.audit, "tool_outcome").find(
        (o) => o.tool.toolCallId === callId,
      );
      assert.equal(outcome?.status, "completed", "the patch's tool call completed");
      assert.ok((outcome?.id ?? 0) > (decided[0]?.id ?? Infinity), "after the decision");
      // codex writes the file itself: nothing goes through fs/write_text_file.
      assert.deepEqual(ofKind(run.audit, "fs_write"), []);
      assert.deepEqual(
        ofKind<{ status: string }>(run.audit, "turn_ended").map((r) => r.status),
        ["end_turn"],
      );
    },
  );
});
