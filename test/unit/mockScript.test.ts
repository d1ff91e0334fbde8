import assert from "node:assert/strict";
import { test } from "node:test";
import { parseDirectives, reply, sampleFor } from "../support/mockScript.js";

// The mock LLM's script: directives in order, one per round trip, mapped to the agent's tools.

const claudeTools = [
  { name: "Read", params: ["file_path", "offset", "limit"] },
  { name: "Write", params: ["file_path", "content"] },
];
const geminiTools = [
  { name: "read_file", params: ["absolute_path"] },
  { name: "write_file", params: ["file_path", "content"] },
];
const prompt =
  'Do it.\n@tool read {"file_path": "/w/a.txt"}\n@tool write {"file_path": "/w/b.txt", "content": "x"}';

void test("directives are parsed one per line; bad JSON gives empty args", () => {
  assert.deepEqual(parseDirectives('@tool Write {"a": 1}\ntext\n@tool read {oops}'), [
    { name: "Write", args: { a: 1 } },
    { name: "read", args: {} },
  ]);
});

void test("each tool result advances to the next directive, then the final text", () => {
  const at = (n: number) =>
    reply({ promptText: prompt, toolResultsSince: n, tools: claudeTools }, "done");
  assert.deepEqual(at(0), { type: "tool", name: "Read", input: { file_path: "/w/a.txt" } });
  assert.deepEqual(at(1), {
    type: "tool",
    name: "Write",
    input: { file_path: "/w/b.txt", content: "x" },
  });
  assert.deepEqual(at(2), { type: "text", text: "done" });
});

void test("a family maps to the agent's tool and its parameter names", () => {
  const first = reply({ promptText: prompt, toolResultsSince: 0, tools: geminiTools }, "done");
  assert.deepEqual(first, {
    type: "tool",
    name: "read_file",
    input: { absolute_path: "/w/a.txt" },
  });
});

void test("no tools offered (side requests) or no directive: plain text", () => {
  assert.equal(reply({ promptText: prompt, toolResultsSince: 0, tools: [] }, "t").type, "text");
  assert.equal(
    reply({ promptText: "hi", toolResultsSince: 0, tools: claudeTools }, "t").type,
    "text",
  );
});

void test("JSON side requests get a value of their schema", () => {
  const schema = {
    type: "OBJECT",
    properties: {
      reasoning: { type: "STRING" },
      score: { type: "INTEGER" },
      next_speaker: { type: "STRING" },
    },
  };
  assert.deepEqual(sampleFor(schema), { reasoning: "mock", score: 1, next_speaker: "user" });
  assert.equal(sampleFor({ type: "string", enum: ["a", "b"] }), "a");
});
