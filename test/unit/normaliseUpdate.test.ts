import { test } from "node:test";
import assert from "node:assert/strict";
import { normaliseUpdate } from "../../src/sessions/normaliseUpdate.js";

test("chunks, tool calls and plans normalise; nulls and _meta are tolerated", () => {
  assert.deepEqual(
    normaliseUpdate(
      {
        sessionId: "s",
        update: {
          sessionUpdate: "agent_message_chunk",
          content: { type: "text", text: "hi" },
          _meta: { x: 1 },
        },
      },
      false,
    ),
    {
      type: "agent_message",
      text: "hi",
      contentType: "text",
    },
  );
  const call = normaliseUpdate(
    {
      update: {
        sessionUpdate: "tool_call",
        toolCallId: "t1",
        title: null,
        kind: null,
        locations: [{ path: "a.ts" }, null, { line: 3 }],
      },
    },
    true,
  );
  assert.deepEqual(call, {
    type: "tool_call",
    toolCallId: "t1",
    title: "",
    kind: "other",
    status: "pending",
    locations: ["a.ts"],
    rawInput: undefined,
    replay: true,
  });
  assert.deepEqual(
    normaliseUpdate(
      { update: { sessionUpdate: "plan", entries: [{ content: "x", status: "pending" }, 7] } },
      false,
    ),
    {
      type: "plan",
      entries: [{ content: "x", status: "pending" }],
      source: "acp",
    },
  );
});

test("an unknown variant is surfaced, malformed params are ignored", () => {
  assert.deepEqual(normaliseUpdate({ update: { sessionUpdate: "brand_new_thing", x: 1 } }, false), {
    type: "update_unknown",
    sessionUpdate: "brand_new_thing",
  });
  assert.equal(normaliseUpdate(null, false), undefined);
  assert.equal(normaliseUpdate({ update: "nope" }, false), undefined);
  assert.deepEqual(
    normaliseUpdate(
      { update: { sessionUpdate: "agent_message_chunk", content: { type: "image", data: "…" } } },
      false,
    ),
    {
      type: "agent_message",
      text: "[image]",
      contentType: "image",
    },
  );
});
