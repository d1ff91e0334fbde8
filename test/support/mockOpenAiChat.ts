import type { ServerResponse } from "node:http";
import { sendJson } from "./mockAnthropic.js";
import { reply, sampleFor, type Conversation, type OfferedTool, type Reply } from "./mockScript.js";

/**
 * The OpenAI Chat Completions API, as much of it as OpenAI-compatible agents (opencode, qwen)
 * use: `POST /v1/chat/completions`, streamed (SSE chunks of `choices[].delta`, `tool_calls`
 * deltas, then `data: [DONE]`) or not. A request asking for JSON (`response_format`) gets a
 * value of its schema.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);

export function openAiChatTools(body: Obj): OfferedTool[] {
  return list(body.tools).flatMap((tool) => {
    const fn = isObj(tool.function) ? tool.function : {};
    if (typeof fn.name !== "string") return [];
    const schema = isObj(fn.parameters) ? fn.parameters : {};
    return [
      { name: fn.name, params: isObj(schema.properties) ? Object.keys(schema.properties) : [] },
    ];
  });
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  return list(content)
    .map((part) => (typeof part.text === "string" ? part.text : ""))
    .join("\n");
}

/** The latest user message and the tool results (`role: tool`) sent back since it. */
export function openAiChatConversation(body: Obj): Conversation {
  const messages = list(body.messages);
  let toolResultsSince = 0;
  let promptText = "";
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as Obj;
    if (message.role === "tool") toolResultsSince += 1;
    if (message.role !== "user") continue;
    promptText = textOf(message.content);
    break;
  }
  return { promptText, toolResultsSince, tools: openAiChatTools(body) };
}

/** The reply a request gets: JSON of its schema, or the next step of the directive script. */
export function openAiChatReply(body: Obj, finalText: string): Reply {
  const format = isObj(body.response_format) ? body.response_format : {};
  if (format.type === "json_object" || format.type === "json_schema") {
    const spec = isObj(format.json_schema) ? format.json_schema : {};
    return { type: "text", text: JSON.stringify(sampleFor(spec.schema ?? { type: "object" })) };
  }
  return reply(openAiChatConversation(body), finalText);
}

/** The SSE `data:` payloads of a streamed reply, `[DONE]` last. */
export function openAiChatChunks(
  answer: Reply,
  model: string,
  id: string,
  usage: boolean,
): string[] {
  const chunk = (choice: Obj, extra: Obj = {}): string =>
    JSON.stringify({
      id,
      object: "chat.completion.chunk",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, finish_reason: null, ...choice }],
      ...extra,
    });
  const chunks = [chunk({ delta: { role: "assistant", content: "" } })];
  if (answer.type === "text") {
    chunks.push(chunk({ delta: { content: answer.text } }));
  } else {
    const call = { index: 0, id: `call_${id}`, type: "function" };
    chunks.push(
      chunk({
        delta: { tool_calls: [{ ...call, function: { name: answer.name, arguments: "" } }] },
      }),
    );
    const args = JSON.stringify(answer.input);
    chunks.push(chunk({ delta: { tool_calls: [{ index: 0, function: { arguments: args } }] } }));
  }
  chunks.push(chunk({ delta: {}, finish_reason: finishReason(answer) }));
  if (usage) {
    chunks.push(
      JSON.stringify({
        id,
        object: "chat.completion.chunk",
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [],
        usage: USAGE,
      }),
    );
  }
  chunks.push("[DONE]");
  return chunks;
}

/** The body of a non-streamed reply. */
export function openAiChatCompletion(answer: Reply, model: string, id: string): Obj {
  const message =
    answer.type === "text"
      ? { role: "assistant", content: answer.text }
      : {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: `call_${id}`,
              type: "function",
              function: { name: answer.name, arguments: JSON.stringify(answer.input) },
            },
          ],
        };
  return {
    id,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: finishReason(answer) }],
    usage: USAGE,
  };
}

export function respondOpenAiChat(res: ServerResponse, body: Obj, finalText: string): Reply {
  const answer = openAiChatReply(body, finalText);
  const model = typeof body.model === "string" ? body.model : "mock-model";
  const id = `mock${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  if (body.stream !== true) {
    sendJson(res, 200, openAiChatCompletion(answer, model, id));
    return answer;
  }
  const options = isObj(body.stream_options) ? body.stream_options : {};
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const chunks = openAiChatChunks(answer, model, id, options.include_usage === true);
  res.end(chunks.map((data) => `data: ${data}\n\n`).join(""));
  return answer;
}

const USAGE = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
const finishReason = (answer: Reply): string => (answer.type === "tool" ? "tool_calls" : "stop");
