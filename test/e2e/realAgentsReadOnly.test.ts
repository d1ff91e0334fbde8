import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { Catalogue } from "../../src/agents/catalogue.js";
import { groupAlive } from "../../src/util/processGroup.js";
import { configSchema } from "../../src/config/schema.js";
import type { SessionEvent } from "../../src/sessions/events.js";
import { readOnlySessionGuard } from "../support/readOnlyGuard.js";
import { SessionManager } from "../../src/sessions/sessionManager.js";
import { MOCK_FINAL_TEXT } from "../support/mockLlm.js";
import { withMockLlm } from "../support/mockLlmFixture.js";
import { noProcessWithEnv } from "../support/processes.js";
import { holdInPosture } from "../support/holdInPosture.js";
import { makeAgentHome, realAgentEntry } from "../support/realAgents.js";

// Real claude-agent-acp and gemini --acp, offline on the mock LLM, under the read-only guard:
// the agent reads, asks to write, is refused, leaves the file alone and answers.

const WRITE_TOOL: Record<"claude" | "gemini" | "opencode", string> = {
  claude: "Write",
  gemini: "write_file",
  opencode: "write",
};

void describe("real agents under read-only", () => {
  const fx = withMockLlm("acpgate-real-");

  for (const id of ["claude", "gemini"] as const) {
    void test(`${id}: the write is refused by policy and the file is unchanged`, async (t) => {
      const home = makeAgentHome(id, fx.root);
      const cwd = mkdtempSync(join(fx.root, `ws-${id}-`));
      writeFileSync(join(cwd, "keep.txt"), "original\n");
      const entry = realAgentEntry(id, fx.mock.url, home);
      const config = configSchema.parse({ agents: { [id]: entry } });
      const manager = new SessionManager({
        catalogue: new Catalogue(config),
        guardFor: () => readOnlySessionGuard(),
      });
      const session = manager.prepare({ agentId: id, cwd, unattended: true });
      const events: SessionEvent[] = [];
      session.on((event) => events.push(event));
      const before = fx.mock.requests.length;
      try {
        await session.start();
        // As a policy would: claude starts in `auto`, where it writes without asking.
        if (id === "claude")
          assert.equal(await holdInPosture(session, entry.modes ?? {}, "read-only"), "plan");
        const turn = await session.prompt(
          [
            "Update the file.",
            `@tool read {"file_path": "${join(cwd, "keep.txt")}"}`,
            `@tool write {"file_path": "${join(cwd, "keep.txt")}", "content": "changed\\n"}`,
          ].join("\n"),
        );
        assert.equal(turn.stopReason, "end_turn");
      } finally {
        const pid = session.pid;
        await manager.dispose();
        assert.ok(pid !== undefined && !groupAlive(pid), "agent process group gone after close");
      }
      assert.equal(readFileSync(join(cwd, "keep.txt"), "utf8"), "original\n");
      const decided = events.filter((e) => e.type === "permission_decided");
      assert.equal(decided.length, 1, "one permission request, for the write");
      assert.equal(decided[0]?.type === "permission_decided" && decided[0].outcome, "reject");
      assert.equal(decided[0]?.type === "permission_decided" && decided[0].ruleId, "read-only");
      const text = events.map((e) => (e.type === "agent_message" ? e.text : "")).join("");
      assert.ok(text.includes(MOCK_FINAL_TEXT), `final answer reached the client: ${text}`);
      assert.deepEqual(session.stats, {
        permissionsAllowed: 0,
        permissionsRejected: 1,
        permissionsCancelled: 0,
      });

      const mine = fx.mock.requests.slice(before);
      const toolCalls = mine.flatMap((r) => (r.reply?.type === "tool" ? [r.reply.name] : []));
      assert.ok(
        toolCalls.includes(WRITE_TOOL[id]),
        `mock asked for ${WRITE_TOOL[id]}: ${toolCalls.join(",")}`,
      );
      assert.ok(fx.mock.toolNamesSeen().includes(WRITE_TOOL[id]));
      for (const escape of mine.filter((r) => r.kind === "escape"))
        t.diagnostic(`refused outbound attempt: ${escape.method} ${escape.path}`);
      assert.deepEqual(
        await noProcessWithEnv("HOME", home),
        [],
        "no process left with the agent's HOME",
      );
    });
  }
});
