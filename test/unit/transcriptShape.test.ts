import assert from "node:assert/strict";
import { test } from "node:test";
import { diffKinds, shapeOf } from "../support/transcriptShape.js";

// The swap reduction: same outcome from different event sequences.

const e = (type: string, fields: Record<string, unknown> = {}) => ({ type, ...fields });

void test("an unannounced permission (gemini) and an announced one (demo) give the same outcome", () => {
  const demo = shapeOf([
    e("tool_call", { toolCallId: "1", kind: "read", locations: ["keep.txt"] }),
    e("fs_read", { path: "keep.txt" }),
    e("tool_call_update", { toolCallId: "1", status: "completed" }),
    e("tool_call", { toolCallId: "2", kind: "edit", locations: ["keep.txt"] }),
    e("permission_asked", { toolCallId: "2", kind: "edit", announced: true }),
    e("permission_decided", { toolCallId: "2", outcome: "reject" }),
    e("agent_message", { text: "done" }),
    e("turn_ended", { stopReason: "end_turn" }),
  ]);
  const gemini = shapeOf([
    e("tool_call", { toolCallId: "r", kind: "read", locations: ["/w/keep.txt"] }),
    e("tool_call_update", { toolCallId: "r", status: "completed" }),
    e("fs_read", { path: "keep.txt" }),
    e("permission_asked", {
      toolCallId: "w",
      kind: "edit",
      announced: false,
      raw: { params: { toolCall: { locations: [{ path: "/w/keep.txt" }] } } },
    }),
    e("permission_decided", { toolCallId: "w", outcome: "reject" }),
    e("agent_message", { text: "" }),
    e("agent_message", { text: "done" }),
    e("usage", {}),
    e("turn_ended", { stopReason: "end_turn" }),
  ]);
  const expected = ["read keep.txt", "write refused", "answer", "stop end_turn"];
  assert.deepEqual(demo.outcome, expected);
  assert.deepEqual(gemini.outcome, expected);
  assert.ok(gemini.notes.includes("asks permission for a tool call it never announced"));
  assert.ok(gemini.notes.includes("sends empty message chunks"));
});

void test("no text after the last tool event: no answer milestone", () => {
  const shape = shapeOf([
    e("agent_message", { text: "early" }),
    e("tool_call", { toolCallId: "1", kind: "read" }),
    e("turn_ended", { stopReason: "end_turn" }),
  ]);
  assert.deepEqual(shape.outcome, ["stop end_turn"]);
});

void test("diffKinds marks removals and additions against the base", () => {
  assert.deepEqual(diffKinds(["a", "b", "c"], ["a", "c", "d"]), ["  a", "- b", "  c", "+ d"]);
});
