import type { ServerResponse } from "node:http";
import { sendJson } from "./mockAnthropic.js";
import {
  responsesReply,
  type ResponsesConversation,
  type ResponsesReply,
  type ResponsesTool,
} from "./codexToolCalls.js";
import type { Reply } from "./mockScript.js";

/**
 * The OpenAI Responses API as codex consumes it: `POST /v1/responses`, streamed as SSE
 * (`response.created`, `response.output_item.added`, text or argument deltas,
 * `response.output_item.done`, `response.completed` with usage), or one JSON response when
 * `stream` is not true. The answer is a message, a `function_call` or a `custom_tool_call`
 * (codex's freeform `apply_patch`); codexToolCalls.ts picks it from the prompt's directives.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);

export function responsesTools(body: Obj): ResponsesTool[] {
  return list(body.tools).flatMap((tool): ResponsesTool[] => {
    if (typeof tool.name !== "string") return [];
    if (tool.type === "custom") return [{ name: tool.name, kind: "custom", params: {} }];
    if (tool.type !== "function") return [];
    const schema = isObj(tool.parameters) ? tool.parameters : {};
    const props = isObj(schema.properties) ? schema.properties : {};
    const params = Object.fromEntries(
      Object.entries(props).map(([k, v]) => [
        k,
        isObj(v) && typeof v.type === "string" ? v.type : "",
      ]),
    );
    return [{ name: tool.name, kind: "function", params }];
  });
}

/** Names of every tool offered, of any type (`web_search` and the like by their type). */
export function responsesToolNames(body: Obj): string[] {
  return list(body.tools).map((t) =>
    typeof t.name === "string" ? t.name : typeof t.type === "string" ? t.type : "",
  );
}

const OUTPUT_TYPES = ["function_call_output", "custom_tool_call_output"];

function messageText(item: Obj): string {
  if (typeof item.content === "string") return item.content;
  return list(item.content)
    .map((part) => (typeof part.text === "string" ? part.text : ""))
    .join("\n");
}

/**
 * The prompt is the latest user message holding a directive (else the latest user message:
 * codex adds context messages of its own); the tool results are the outputs after it.
 */
export function responsesConversation(body: Obj): ResponsesConversation {
  const items = list(body.input);
  const users = items.flatMap((item, i) =>
    item.role === "user" && (item.type === undefined || item.type === "message") ? [i] : [],
  );
  const withDirective = users.filter((i) => messageText(items[i] as Obj).includes("@tool"));
  const at = withDirective.at(-1) ?? users.at(-1) ?? -1;
  return {
    promptText: at < 0 ? "" : messageText(items[at] as Obj),
    toolResultsSince: items.slice(at + 1).filter((item) => OUTPUT_TYPES.includes(String(item.type)))
      .length,
    tools: responsesTools(body),
  };
}

let counter = 0;
const nextId = (prefix: string): string => `${prefix}_mock${(++counter).toString(36)}`;

/** The output item of a reply, as `response.output_item.done` carries it. */
export function outputItem(answer: ResponsesReply): Obj {
  if (answer.type === "text") {
    const content = [{ type: "output_text", text: answer.text, annotations: [] }];
    return { id: nextId("msg"), type: "message", role: "assistant", status: "completed", content };
  }
  const base = { status: "completed", call_id: nextId("call"), name: answer.name };
  if (answer.type === "custom_tool_call")
    return { id: nextId("ctc"), type: "custom_tool_call", ...base, input: answer.input };
  const args = JSON.stringify(answer.arguments);
  return { id: nextId("fc"), type: "function_call", ...base, arguments: args };
}

/** The mock's record of the reply, in the shape of the other dialects. */
function recorded(answer: ResponsesReply): Reply {
  if (answer.type === "text") return answer;
  if (answer.type === "custom_tool_call")
    return { type: "tool", name: answer.name, input: { input: answer.input } };
  return { type: "tool", name: answer.name, input: answer.arguments };
}

const USAGE = {
  input_tokens: 10,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 5,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 15,
};

export function respondOpenAiResponses(res: ServerResponse, body: Obj, finalText: string): Reply {
  const answer = responsesReply(responsesConversation(body), finalText);
  const item = outputItem(answer);
  const model = typeof body.model === "string" ? body.model : "mock-model";
  const response = { id: nextId("resp"), object: "response", created_at: 0, model, output: [] };
  const done = { ...response, status: "completed", output: [item], usage: USAGE };
  if (body.stream !== true) {
    sendJson(res, 200, done);
    return recorded(answer);
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  let seq = 0;
  const send = (type: string, data: Obj): void => {
    const event = { type, sequence_number: seq++, ...data };
    res.write(`event: ${type}\ndata: ${JSON.stringify(event)}\n\n`);
  };
  send("response.created", { response: { ...response, status: "in_progress" } });
  const at = { output_index: 0, item_id: item.id };
  send("response.output_item.added", { output_index: 0, item: started(item) });
  if (answer.type === "text") {
    send("response.output_text.delta", { ...at, content_index: 0, delta: answer.text });
  } else if (answer.type === "custom_tool_call") {
    send("response.custom_tool_call_input.delta", { ...at, delta: answer.input });
  } else {
    send("response.function_call_arguments.delta", { ...at, delta: item.arguments });
  }
  send("response.output_item.done", { output_index: 0, item });
  send("response.completed", { response: done });
  res.end();
  return recorded(answer);
}

/** The item as `output_item.added` announces it: in progress, nothing streamed yet. */
function started(item: Obj): Obj {
  const empty =
    item.type === "message"
      ? { content: [] }
      : item.type === "custom_tool_call"
        ? { input: "" }
        : { arguments: "" };
  return { ...item, status: "in_progress", ...empty };
}
