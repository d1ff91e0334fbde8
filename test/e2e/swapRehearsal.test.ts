import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { withMockLlm } from "../support/mockLlmFixture.js";
import { noProcessWithEnv } from "../support/processes.js";
import { auditedDecisions } from "../support/swapAudit.js";
import { formatSwapReport } from "../support/swapReportText.js";
import { DRAFT, expectedOutcome, ORIGINAL, rehearseSwap } from "../support/swapRehearsal.js";
import {
  SWAP_WRITE,
  SWAP_WRITE_ALLOW_RULE,
  SWAP_WRITE_DENY_RULE,
} from "../support/swapWritePolicy.js";

// The rehearsed swap: the same scenario through `acpgate run --format json` on the demo agent,
// claude-agent-acp and gemini --acp gives the same outcome, whatever events each one emits —
// under read-only, and under a workspace-write policy that allows writing one file only.

void describe("rehearsed swap", () => {
  const fx = withMockLlm("acpgate-swap-");

  void test("demo, claude and gemini: read, refused write, final answer", async (t) => {
    const report = await rehearseSwap({
      agents: ["demo", "claude", "gemini"],
      mockUrl: fx.mock.url,
      workRoot: fx.root,
    });
    t.diagnostic(formatSwapReport(report));
    for (const run of report.runs) {
      assert.deepEqual(run.shape.outcome, expectedOutcome(false), `${run.agentId}: ${run.stderr}`);
      // 5: a permission was refused by policy. Gemini's own plan mode (which acpgate sets to
      // hold read-only) refuses the write before asking, so nothing is refused by policy: 0.
      const expectedExit = run.agentId === "gemini" ? 0 : 5;
      assert.equal(run.exitCode, expectedExit, `${run.agentId}: exit ${expectedExit}`);
      assert.equal(run.files["keep.txt"], ORIGINAL, `${run.agentId} left keep.txt unchanged`);
    }
    assert.equal(report.sameOutcome, true);
    const gemini = report.runs.find((r) => r.agentId === "gemini");
    assert.ok(
      gemini?.shape.notes.includes(
        "refuses writes itself in its read-only mode (no permission asked)",
      ),
    );
    const claude = report.runs.find((r) => r.agentId === "claude");
    assert.ok(!claude?.shape.kinds.includes("fs_read"), "claude reads files itself");
    assert.deepEqual(await noProcessWithEnv("HOME", join(fx.root, "homes")), []);
  });

  void test("demo, claude and gemini under workspace-write: the allowed file only is written, the audit names both rules", async (t) => {
    const workRoot = mkdtempSync(join(fx.root, "write-"));
    const report = await rehearseSwap({
      agents: ["demo", "claude", "gemini"],
      mockUrl: fx.mock.url,
      workRoot,
      allowedWrite: SWAP_WRITE,
    });
    t.diagnostic(formatSwapReport(report));
    for (const run of report.runs) {
      const why = `${run.agentId}: ${run.stderr}`;
      assert.deepEqual(run.shape.outcome, expectedOutcome(true), why);
      // 0: one permission was refused, but another was allowed (5 is "nothing approved").
      assert.equal(run.exitCode, 0, why);
      assert.equal(run.files["keep.txt"], ORIGINAL, `${run.agentId} left keep.txt unchanged`);
      assert.notEqual(run.files["allowed.txt"], DRAFT, `${run.agentId} wrote allowed.txt`);
      assert.equal(run.files["allowed.txt"]?.trim(), "written", `${run.agentId} wrote it whole`);

      const decisions = await auditedDecisions(run.workspace, report.config);
      assert.deepEqual(
        decisions.map(({ file, outcome, ruleId, actor }) => ({ file, outcome, ruleId, actor })),
        [
          { file: "keep.txt", outcome: "reject", ruleId: SWAP_WRITE_DENY_RULE, actor: "policy" },
          { file: "allowed.txt", outcome: "allow", ruleId: SWAP_WRITE_ALLOW_RULE, actor: "policy" },
        ],
        `${run.agentId}: audited decisions`,
      );
    }
    assert.equal(report.sameOutcome, true);
    assert.deepEqual(await noProcessWithEnv("HOME", join(workRoot, "homes")), []);
  });
});
