import assert from "node:assert/strict";
import { test } from "node:test";
import { startMockLlm } from "../support/mockLlm.js";
import {
  openAiChatChunks,
  openAiChatCompletion,
  openAiChatConversation,
  openAiChatReply,
} from "../support/mockOpenAiChat.js";

// The mock's OpenAI Chat Completions dialect: the script's directives become `tool_calls` in
// the shape an OpenAI client reassembles, mapped to the tools the agent offered.

const fn = (name: string, params: string[]) => ({
  type: "function",
  function: {
    name,
    parameters: { type: "object", properties: Object.fromEntries(params.map((p) => [p, {}])) },
  },
});
// The schemas opencode 1.18 offers.
const tools = [
  fn("read", ["filePath", "offset", "limit"]),
  fn("write", ["content", "filePath"]),
  fn("edit", ["filePath", "oldString", "newString", "replaceAll"]),
  fn("bash", ["command", "timeout", "workdir", "description"]),
];
const prompt = [
  "Do it.",
  '@tool read {"file_path": "/w/a.txt"}',
  '@tool edit {"file_path": "/w/a.txt", "old_string": "a", "new_string": "b"}',
  '@tool shell {"command": "ls"}',
].join("\n");

const assistantCall = (name: string) => ({
  role: "assistant",
  content: null,
  tool_calls: [{ id: "c", type: "function", function: { name, arguments: "{}" } }],
});
const body = (toolResults: number) => ({
  model: "m",
  stream: true,
  tools,
  messages: [
    { role: "system", content: "You are an agent." },
    { role: "user", content: [{ type: "text", text: prompt }] },
    ...Array.from({ length: toolResults }, (_, i) => [
      assistantCall(`t${i}`),
      { role: "tool", tool_call_id: "c", content: "ok" },
    ]).flat(),
  ],
});

void test("tool results since the last user message advance the script", () => {
  assert.equal(openAiChatConversation(body(2)).toolResultsSince, 2);
  assert.equal(openAiChatConversation(body(2)).promptText, prompt);
  assert.deepEqual(openAiChatReply(body(0), "done"), {
    type: "tool",
    name: "read",
    input: { filePath: "/w/a.txt" },
  });
  assert.deepEqual(openAiChatReply(body(1), "done"), {
    type: "tool",
    name: "edit",
    input: { filePath: "/w/a.txt", oldString: "a", newString: "b" },
  });
  assert.deepEqual(openAiChatReply(body(2), "done"), {
    type: "tool",
    name: "bash",
    input: { command: "ls" },
  });
  assert.deepEqual(openAiChatReply(body(3), "done"), { type: "text", text: "done" });
});

void test("a request asking for JSON gets a value of its schema", () => {
  const schema = { type: "object", properties: { title: { type: "string" } } };
  const answer = openAiChatReply(
    { ...body(0), response_format: { type: "json_schema", json_schema: { name: "t", schema } } },
    "done",
  );
  assert.deepEqual(answer.type === "text" && JSON.parse(answer.text), { title: "mock" });
});

/** What an OpenAI client makes of the chunks: text, tool calls by index, finish reason. */
function reassemble(chunks: string[]) {
  assert.equal(chunks.at(-1), "[DONE]");
  let text = "";
  let finish: unknown = null;
  let usage: unknown;
  const calls: { id?: string; name?: string; arguments: string }[] = [];
  for (const data of chunks.slice(0, -1)) {
    const chunk = JSON.parse(data) as {
      object: string;
      usage?: unknown;
      choices: {
        finish_reason: unknown;
        delta: {
          content?: string;
          tool_calls?: {
            index: number;
            id?: string;
            function: { name?: string; arguments?: string };
          }[];
        };
      }[];
    };
    assert.equal(chunk.object, "chat.completion.chunk");
    usage ??= chunk.usage;
    for (const choice of chunk.choices) {
      text += choice.delta.content ?? "";
      finish = choice.finish_reason ?? finish;
      for (const delta of choice.delta.tool_calls ?? []) {
        const call = (calls[delta.index] ??= { arguments: "" });
        call.id ??= delta.id;
        call.name ??= delta.function.name;
        call.arguments += delta.function.arguments ?? "";
      }
    }
  }
  return { text, finish, usage, calls };
}

void test("a streamed tool call arrives as tool_calls deltas, finish_reason tool_calls", () => {
  const answer = {
    type: "tool" as const,
    name: "write",
    input: { filePath: "/w/b", content: "x" },
  };
  const got = reassemble(openAiChatChunks(answer, "m", "id1", true));
  assert.equal(got.text, "");
  assert.equal(got.finish, "tool_calls");
  assert.deepEqual(got.usage, { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 });
  assert.equal(got.calls.length, 1);
  assert.equal(got.calls[0]?.name, "write");
  assert.ok(got.calls[0]?.id);
  assert.deepEqual(JSON.parse(got.calls[0]?.arguments ?? ""), { filePath: "/w/b", content: "x" });
});

void test("streamed text ends with finish_reason stop; usage only when asked for", () => {
  const got = reassemble(openAiChatChunks({ type: "text", text: "hello" }, "m", "id2", false));
  assert.deepEqual([got.text, got.finish, got.usage, got.calls], ["hello", "stop", undefined, []]);
});

void test("a non-streamed reply carries the call in message.tool_calls", () => {
  const completion = openAiChatCompletion(
    { type: "tool", name: "bash", input: { command: "ls" } },
    "m",
    "id3",
  ) as { choices: { finish_reason: string; message: { tool_calls: unknown[] } }[] };
  const choice = completion.choices[0];
  assert.equal(choice?.finish_reason, "tool_calls");
  assert.deepEqual(choice?.message.tool_calls, [
    { id: "call_id3", type: "function", function: { name: "bash", arguments: '{"command":"ls"}' } },
  ]);
});

void test("the mock serves /v1/chat/completions as SSE and records the offered tools", async () => {
  const mock = await startMockLlm({ finalText: "fin" });
  try {
    const res = await fetch(`${mock.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body(0)),
    });
    assert.equal(res.headers.get("content-type"), "text/event-stream");
    const events = (await res.text()).split("\n\n").filter((e) => e.startsWith("data: "));
    const got = reassemble(events.map((e) => e.slice("data: ".length)));
    assert.equal(got.calls[0]?.name, "read");
    const plain = await fetch(`${mock.url}/v1/chat/completions`, {
      method: "POST",
      body: JSON.stringify({ ...body(3), stream: false }),
    });
    const completion = (await plain.json()) as { choices: { message: { content: string } }[] };
    assert.equal(completion.choices[0]?.message.content, "fin");
    assert.deepEqual(
      mock.requests.map((r) => [r.kind, r.stream, r.reply?.type]),
      [
        ["openai.chat", true, "tool"],
        ["openai.chat", false, "text"],
      ],
    );
    assert.deepEqual(mock.toolNamesSeen(), ["bash", "edit", "read", "write"]);
  } finally {
    await mock.close();
  }
});
