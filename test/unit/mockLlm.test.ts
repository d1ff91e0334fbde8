import assert from "node:assert/strict";
import { request } from "node:http";
import { after, before, describe, test } from "node:test";
import { MOCK_FINAL_TEXT, startMockLlm, type MockLlm } from "../support/mockLlm.js";

// The mock LLM over real HTTP: the paths real agents did not exercise in the e2e tests
// (non-streamed Anthropic, Gemini JSON array and single object, token counts, proxy escapes).

const post = async (url: string, body: unknown) => {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    text: await response.text(),
  };
};

void describe("mock LLM", () => {
  let mock: MockLlm;
  before(async () => {
    mock = await startMockLlm();
  });
  after(() => mock.close());

  const prompt = '@tool write {"file_path": "/w/a.txt", "content": "x"}';

  void test("Anthropic, not streamed: a tool_use, then text after the tool result", async () => {
    const tools = [{ name: "Write", input_schema: { properties: { file_path: {}, content: {} } } }];
    const first = JSON.parse(
      (
        await post(`${mock.url}/v1/messages`, {
          model: "m",
          tools,
          messages: [{ role: "user", content: prompt }],
        })
      ).text,
    ) as { stop_reason: string; content: { type: string; name?: string; input?: unknown }[] };
    assert.equal(first.stop_reason, "tool_use");
    assert.deepEqual(first.content[0], {
      type: "tool_use",
      id: first.content[0] && (first.content[0] as { id?: string }).id,
      name: "Write",
      input: { file_path: "/w/a.txt", content: "x" },
    });
    const messages = [
      { role: "user", content: prompt },
      { role: "assistant", content: first.content },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: "ok" }] },
    ];
    const second = JSON.parse(
      (await post(`${mock.url}/v1/messages`, { model: "m", tools, messages })).text,
    ) as {
      stop_reason: string;
      content: { text?: string }[];
    };
    assert.equal(second.stop_reason, "end_turn");
    assert.equal(second.content[0]?.text, MOCK_FINAL_TEXT);
    const counted = await post(`${mock.url}/v1/messages/count_tokens`, { messages });
    assert.deepEqual(JSON.parse(counted.text), { input_tokens: 42 });
  });

  void test("Gemini: JSON array without alt=sse, SSE with it, one object for generateContent", async () => {
    const body = {
      contents: [{ role: "user", parts: [{ text: prompt }] }],
      tools: [
        {
          functionDeclarations: [
            {
              name: "write_file",
              parametersJsonSchema: { properties: { file_path: {}, content: {} } },
            },
          ],
        },
      ],
    };
    const array = await post(`${mock.url}/v1beta/models/g:streamGenerateContent`, body);
    const chunks = JSON.parse(array.text) as { candidates: { content: { parts: unknown[] } }[] }[];
    assert.deepEqual(chunks[0]?.candidates[0]?.content.parts[0], {
      functionCall: { name: "write_file", args: { file_path: "/w/a.txt", content: "x" } },
    });
    const sse = await post(`${mock.url}/v1beta/models/g:streamGenerateContent?alt=sse`, body);
    assert.equal(sse.type, "text/event-stream");
    assert.match(sse.text, /^data: \{.*"functionCall"/);
    const one = await post(`${mock.url}/v1beta/models/g:generateContent`, {
      contents: [{ role: "user", parts: [{ text: "hi" }] }],
    });
    assert.equal(
      (JSON.parse(one.text) as { candidates: { content: { parts: { text: string }[] } }[] })
        .candidates[0]?.content.parts[0]?.text,
      MOCK_FINAL_TEXT,
    );
    const count = await post(`${mock.url}/v1beta/models/g:countTokens`, body);
    assert.deepEqual(JSON.parse(count.text), { totalTokens: 42 });
    assert.deepEqual(mock.toolNamesSeen(), ["Write", "write_file"]);
  });

  void test("as a proxy it refuses and records requests for other hosts", async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(
        { host: "127.0.0.1", port: mock.port, path: "http://example.com/x", method: "GET" },
        (res) => {
          res.resume();
          resolve(res.statusCode);
        },
      );
      req.on("error", reject);
      req.end();
    });
    assert.equal(status, 403);
    assert.ok(mock.requests.some((r) => r.kind === "escape" && r.path === "http://example.com/x"));
  });
});
