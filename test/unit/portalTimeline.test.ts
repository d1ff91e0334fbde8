import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import type { SessionEvent } from "../../src/sessions/events.js";
import { REPO_ROOT } from "../support/repoRoot.js";

type Timeline = typeof import("../../web/src/session/timeline.js");

/** The page's own module, bundled for Node as Vite would for the browser. */
async function loadTimeline(): Promise<Timeline> {
  const dir = mkdtempSync(join(tmpdir(), "acpgate-timeline-"));
  try {
    const outfile = join(dir, "timeline.mjs");
    await build({
      entryPoints: [join(REPO_ROOT, "web", "src", "session", "timeline.ts")],
      bundle: true,
      format: "esm",
      platform: "neutral",
      outfile,
      logLevel: "warning",
    });
    return (await import(pathToFileURL(outfile).href)) as Timeline;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let seq = 0;
const ev = (body: Record<string, unknown>): SessionEvent =>
  ({
    schema: "acpgate.event.v1",
    seq: ++seq,
    time: new Date(0).toISOString(),
    sessionId: "ses_1",
    ...body,
  }) as SessionEvent;

const update = (u: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  method: "session/update",
  params: { sessionId: "agent-1", update: u },
});

test("portal timeline: chunks joined, thoughts apart, a tool call and its updates as one card with its diff, a decision on its request", async () => {
  const { buildTimeline } = await loadTimeline();
  const events = [
    ev({ type: "turn_started", promptText: "go" }),
    ev({ type: "agent_thought", text: "let me " }),
    ev({ type: "agent_thought", text: "think" }),
    ev({ type: "agent_message", text: "Hello ", contentType: "text" }),
    ev({ type: "agent_message", text: "**world**", contentType: "text" }),
    ev({
      type: "tool_call",
      toolCallId: "t1",
      title: "Write a.txt",
      kind: "edit",
      status: "pending",
      locations: ["a.txt"],
      raw: update({
        sessionUpdate: "tool_call",
        content: [{ type: "diff", path: "a.txt", oldText: "old\n", newText: "new\n" }],
      }),
    }),
    ev({
      type: "permission_asked",
      requestId: "r1",
      toolCallId: "t1",
      title: "Write a.txt",
      kind: "edit",
      announced: true,
      options: [],
    }),
    ev({
      type: "permission_decided",
      requestId: "r1",
      toolCallId: "t1",
      outcome: "allow",
      reason: "ok",
      decidedBy: "token:alice",
    }),
    ev({
      type: "tool_call_update",
      toolCallId: "t1",
      status: "completed",
      raw: update({
        sessionUpdate: "tool_call_update",
        content: [{ type: "content", content: { type: "text", text: "done\n" } }],
      }),
    }),
    ev({ type: "plan", entries: [{ content: "a", status: "pending" }], source: "acp" }),
    ev({ type: "usage", used: 10, size: 100 }),
    ev({ type: "turn_ended", stopReason: "end_turn" }),
  ];
  const { items, facts } = buildTimeline(events);
  assert.deepEqual(
    items.map((i) => i.kind),
    ["user", "thought", "agent", "tool", "permission", "line"],
  );
  const [, thought, agent, tool, permission] = items;
  assert.equal(thought?.kind === "thought" && thought.text, "let me think");
  assert.equal(agent?.kind === "agent" && agent.text, "Hello **world**");
  assert.ok(tool?.kind === "tool");
  assert.equal(tool.status, "completed");
  assert.deepEqual(tool.diffs, [{ path: "a.txt", oldText: "old\n", newText: "new\n" }]);
  assert.deepEqual(tool.output, ["done\n"]);
  assert.ok(permission?.kind === "permission");
  assert.equal(permission.decided?.decidedBy, "token:alice");
  assert.equal(facts.plan?.entries.length, 1);
  assert.equal(facts.usage?.used, 10);
});
