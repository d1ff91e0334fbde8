import assert from "node:assert/strict";
import { test } from "node:test";
import { anthropicConversation } from "../support/mockAnthropic.js";
import { reply } from "../support/mockScript.js";

// The request shapes Claude Code 2.1.318 (claude-agent-sdk 0.3.318, claude-agent-acp 0.101)
// sends, as recorded from the wire: the mock must find the prompt and the tool results in them.

const tools = [
  { name: "Read", input_schema: { properties: { file_path: {} } } },
  { name: "Write", input_schema: { properties: { file_path: {}, content: {} } } },
];
const prompt =
  'Go.\n@tool read {"file_path": "/w/a"}\n@tool write {"file_path": "/w/a", "content": "x"}';
const turn = [
  {
    role: "user",
    content: [
      {
        type: "text",
        text: "<system-reminder>\nAttribution for git commits …\n</system-reminder>",
      },
      { type: "text", text: prompt },
    ],
  },
  // The environment block comes after the prompt, as a system-role message.
  {
    role: "system",
    content: "# Environment\nYou have been invoked in the following environment: …",
  },
];
const toolRound = (id: string, name: string) => [
  { role: "assistant", content: [{ type: "tool_use", id, name, input: {} }] },
  { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: "ok" }] },
];
const next = (messages: unknown[]) => reply(anthropicConversation({ tools, messages }), "done");

void test("claude 0.101: the prompt is read past the trailing system-role message", () => {
  assert.deepEqual(next(turn), { type: "tool", name: "Read", input: { file_path: "/w/a" } });
  assert.equal(next([...turn, ...toolRound("t1", "Read")]).type, "tool");
  assert.deepEqual(next([...turn, ...toolRound("t1", "Read"), ...toolRound("t2", "Write")]), {
    type: "text",
    text: "done",
  });
});

void test("claude 0.101 side requests: the title (no tools) and the next-prompt suggestion get text", () => {
  const title = [
    {
      role: "user",
      content: [{ type: "text", text: `<session>\n${prompt}\n</session>\n\nWrite the title …` }],
    },
  ];
  assert.equal(reply(anthropicConversation({ messages: title }), "done").type, "text");
  const suggestion = [
    ...turn,
    ...toolRound("t1", "Read"),
    ...toolRound("t2", "Write"),
    { role: "assistant", content: [{ type: "text", text: "done" }] },
    {
      role: "user",
      content: "[SUGGESTION MODE: Suggest what the user might naturally type next …]",
    },
  ];
  assert.deepEqual(next(suggestion), { type: "text", text: "done" });
});
