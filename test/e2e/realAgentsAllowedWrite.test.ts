import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { Catalogue } from "../../src/agents/catalogue.js";
import { configSchema } from "../../src/config/schema.js";
import type { SessionEvent } from "../../src/sessions/events.js";
import { SessionManager } from "../../src/sessions/sessionManager.js";
import { AllowFileGuard } from "../support/allowFileGuard.js";
import { GovernedGuard } from "../../src/governance/governedGuard.js";
import { withMockLlm } from "../support/mockLlmFixture.js";
import { noProcessWithEnv } from "../support/processes.js";
import { holdInPosture } from "../support/holdInPosture.js";
import { makeAgentHome, realAgentEntry, type RealAgentId } from "../support/realAgents.js";
import { expectedOutcome } from "../support/swapRehearsal.js";
import { shapeOf } from "../support/transcriptShape.js";

// The whole swap scenario at the session layer, with a test guard standing in for a
// workspace-write policy with one allow rule (allowed.txt): claude writes the file itself
// after the permission, gemini writes it through fs/write_text_file. Both end the same way.

void describe("real agents: a refused and an allowed write in one turn", () => {
  const fx = withMockLlm("acpgate-allow-");

  for (const id of ["claude", "gemini"] as RealAgentId[]) {
    void test(`${id}: keep.txt refused, allowed.txt written`, async () => {
      const home = makeAgentHome(id, fx.root);
      const cwd = mkdtempSync(join(fx.root, `ws-${id}-`));
      writeFileSync(join(cwd, "keep.txt"), "original\n");
      writeFileSync(join(cwd, "allowed.txt"), "draft\n");
      const entry = realAgentEntry(id, fx.mock.url, home);
      const config = configSchema.parse({ agents: { [id]: entry } });
      const manager = new SessionManager({
        catalogue: new Catalogue(config),
        guardFor: () => new GovernedGuard(new AllowFileGuard("allowed.txt")),
      });
      const session = manager.prepare({ agentId: id, cwd, unattended: true });
      const events: SessionEvent[] = [];
      session.on((event) => events.push(event));
      try {
        await session.start();
        // As a policy would: claude starts in `auto`, where it writes without asking.
        if (id === "claude")
          assert.equal(
            await holdInPosture(session, entry.modes ?? {}, "workspace-write"),
            "default",
          );
        await session.prompt(
          [
            "Scenario.",
            `@tool read {"file_path": "${join(cwd, "keep.txt")}"}`,
            `@tool write {"file_path": "${join(cwd, "keep.txt")}", "content": "changed\\n"}`,
            `@tool read {"file_path": "${join(cwd, "allowed.txt")}"}`,
            `@tool write {"file_path": "${join(cwd, "allowed.txt")}", "content": "written\\n"}`,
          ].join("\n"),
        );
      } finally {
        await manager.dispose();
      }
      assert.equal(readFileSync(join(cwd, "keep.txt"), "utf8"), "original\n");
      assert.equal(readFileSync(join(cwd, "allowed.txt"), "utf8"), "written\n");
      const decisions = events.flatMap((e) =>
        e.type === "permission_decided" ? [`${e.outcome}:${e.ruleId ?? ""}`] : [],
      );
      assert.deepEqual(decisions, ["reject:read-only", "allow:test-allow"]);
      assert.deepEqual(shapeOf(events).outcome, expectedOutcome(true));
      const viaClient = events.some((e) => e.type === "fs_write" && e.allowed);
      assert.equal(viaClient, id === "gemini", "gemini writes through the client, claude itself");
      assert.deepEqual(await noProcessWithEnv("HOME", home), []);
    });
  }
});
