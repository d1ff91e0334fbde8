import assert from "node:assert/strict";
import { request } from "node:http";
import { test } from "node:test";
import { addFilePatch, responsesReply, updateFilePatch } from "../support/codexToolCalls.js";
import { startMockLlm } from "../support/mockLlm.js";
import { responsesConversation, responsesTools } from "../support/mockOpenAiResponses.js";

// The mock's OpenAI Responses dialect: the conversation read from a codex request, and the
// directive families mapped onto codex's tools (its shell tool and apply_patch).

const codexTools = [
  {
    type: "function",
    name: "exec_command",
    parameters: { properties: { cmd: { type: "string" } } },
  },
  { type: "custom", name: "apply_patch", format: { type: "grammar", syntax: "lark" } },
  { type: "web_search" },
];
const user = (text: string) => ({
  type: "message",
  role: "user",
  content: [{ type: "input_text", text }],
});
const prompt = [
  "Do it.",
  '@tool read {"file_path": "/w/it\'s.txt"}',
  '@tool write {"file_path": "/w/b.txt", "content": "one\\ntwo\\n"}',
  '@tool edit {"file_path": "/w/b.txt", "old_string": "one", "new_string": "uno"}',
  '@tool shell {"command": "ls -a"}',
].join("\n");
const input = (outputs: number) => [
  { type: "message", role: "developer", content: [{ type: "input_text", text: "rules" }] },
  user("<environment_context><cwd>/w</cwd></environment_context>"),
  user(prompt),
  ...Array.from({ length: outputs }, (_, i) => [
    { type: "function_call", call_id: `c${i}`, name: "exec_command", arguments: "{}" },
    { type: "function_call_output", call_id: `c${i}`, output: "ok" },
  ]).flat(),
];
const at = (outputs: number, tools: unknown[] = codexTools) =>
  responsesReply(responsesConversation({ tools, input: input(outputs) }), "done");

void test("the prompt is the user message with directives; each output advances one", () => {
  const conversation = responsesConversation({ tools: codexTools, input: input(2) });
  assert.equal(conversation.promptText, prompt);
  assert.equal(conversation.toolResultsSince, 2);
  assert.deepEqual(responsesTools({ tools: codexTools }), [
    { name: "exec_command", kind: "function", params: { cmd: "string" } },
    { name: "apply_patch", kind: "custom", params: {} },
  ]);
});

void test("read and shell become codex's shell tool, quoted", () => {
  assert.deepEqual(at(0), {
    type: "function_call",
    name: "exec_command",
    arguments: { cmd: `cat -- '/w/it'\\''s.txt'` },
  });
  assert.deepEqual(at(3), {
    type: "function_call",
    name: "exec_command",
    arguments: { cmd: "ls -a" },
  });
  const argv = [
    { type: "function", name: "shell", parameters: { properties: { command: { type: "array" } } } },
  ];
  assert.deepEqual(at(3, argv), {
    type: "function_call",
    name: "shell",
    arguments: { command: ["bash", "-lc", "ls -a"] },
  });
});

void test("write and edit become an apply_patch built from file_path and content", () => {
  assert.deepEqual(at(1), {
    type: "custom_tool_call",
    name: "apply_patch",
    input: "*** Begin Patch\n*** Add File: /w/b.txt\n+one\n+two\n*** End Patch\n",
  });
  assert.deepEqual(at(2), {
    type: "custom_tool_call",
    name: "apply_patch",
    input: updateFilePatch("/w/b.txt", "one", "uno"),
  });
  assert.equal(
    updateFilePatch("/w/b.txt", "one", "uno"),
    "*** Begin Patch\n*** Update File: /w/b.txt\n@@\n-one\n+uno\n*** End Patch\n",
  );
  // apply_patch as a function tool (models codex does not know) takes the patch as `input`.
  const fn = [
    {
      type: "function",
      name: "apply_patch",
      parameters: { properties: { input: { type: "string" } } },
    },
  ];
  assert.deepEqual(at(1, fn), {
    type: "function_call",
    name: "apply_patch",
    arguments: { input: addFilePatch("/w/b.txt", "one\ntwo\n") },
  });
});

void test("after the last directive, without tools or without a directive: the final text", () => {
  assert.deepEqual(at(4), { type: "text", text: "done" });
  assert.deepEqual(at(0, []), { type: "text", text: "done" });
  const plain = responsesConversation({ tools: codexTools, input: [user("hello")] });
  assert.deepEqual(responsesReply(plain, "done"), { type: "text", text: "done" });
});

void test("an exact tool name passes its arguments through", () => {
  const exact = responsesConversation({
    tools: codexTools,
    input: [user('@tool exec_command {"cmd": "pwd", "workdir": "/w"}')],
  });
  assert.deepEqual(responsesReply(exact, "done"), {
    type: "function_call",
    name: "exec_command",
    arguments: { cmd: "pwd", workdir: "/w" },
  });
});

void test("over HTTP: an SSE stream codex can read, and 426 for its WebSocket attempt", async (t) => {
  const mock = await startMockLlm();
  t.after(() => mock.close());
  const response = await fetch(`${mock.url}/v1/responses`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "gpt-5.5", stream: true, tools: codexTools, input: input(1) }),
  });
  assert.equal(response.headers.get("content-type"), "text/event-stream");
  const events = (await response.text())
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const [name, data] = block.split("\n");
      const event = JSON.parse(data?.replace(/^data: /, "") ?? "{}") as Record<string, unknown>;
      assert.equal(name, `event: ${String(event.type)}`);
      return event;
    });
  assert.deepEqual(
    events.map((e) => e.type),
    [
      "response.created",
      "response.output_item.added",
      "response.custom_tool_call_input.delta",
      "response.output_item.done",
      "response.completed",
    ],
  );
  const item = events[3]?.item as Record<string, unknown>;
  assert.equal(item.type, "custom_tool_call");
  assert.equal(item.name, "apply_patch");
  assert.equal(item.input, addFilePatch("/w/b.txt", "one\ntwo\n"));
  const completed = events[4]?.response as { status: string; usage: { total_tokens: number } };
  assert.equal(completed.status, "completed");
  assert.equal(completed.usage.total_tokens, 15);
  assert.deepEqual(mock.requests.at(-1)?.toolNames, ["exec_command", "apply_patch", "web_search"]);

  const upgrade = await new Promise<number | undefined>((resolve, reject) => {
    const headers = { connection: "Upgrade", upgrade: "websocket" };
    request(`${mock.url}/v1/responses`, { headers }, (res) => {
      res.resume();
      resolve(res.statusCode);
    })
      .on("error", reject)
      .end();
  });
  assert.equal(upgrade, 426);
});
