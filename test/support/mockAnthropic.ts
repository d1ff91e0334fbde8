import type { ServerResponse } from "node:http";
import { reply, type Conversation, type OfferedTool, type Reply } from "./mockScript.js";

/** The Anthropic Messages API, as much of it as agents use: `POST /v1/messages` (SSE or not). */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export function anthropicTools(body: Obj): OfferedTool[] {
  const tools = Array.isArray(body.tools) ? body.tools : [];
  return tools.flatMap((tool) => {
    if (!isObj(tool) || typeof tool.name !== "string") return [];
    const schema = isObj(tool.input_schema) ? tool.input_schema : {};
    return [
      { name: tool.name, params: Object.keys(isObj(schema.properties) ? schema.properties : {}) },
    ];
  });
}

function blocks(message: unknown): Obj[] {
  if (!isObj(message)) return [];
  if (typeof message.content === "string") return [{ type: "text", text: message.content }];
  return Array.isArray(message.content) ? message.content.filter(isObj) : [];
}

export function anthropicConversation(body: Obj): Conversation {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  let toolResultsSince = 0;
  let promptText = "";
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as Obj;
    if (message.role !== "user") continue;
    const content = blocks(message);
    const results = content.filter((b) => b.type === "tool_result").length;
    const text = content
      .filter((b) => b.type === "text")
      .map((b) => (typeof b.text === "string" ? b.text : ""))
      .join("\n");
    if (results > 0 && !text.includes("@tool")) {
      toolResultsSince += results;
      continue;
    }
    promptText = text;
    break;
  }
  return { promptText, toolResultsSince, tools: anthropicTools(body) };
}

export function respondAnthropic(res: ServerResponse, body: Obj, finalText: string): Reply {
  const answer = reply(anthropicConversation(body), finalText);
  const model = typeof body.model === "string" ? body.model : "mock-model";
  const id = `msg_mock_${Date.now().toString(36)}`;
  const content =
    answer.type === "text"
      ? [{ type: "text", text: answer.text }]
      : [
          {
            type: "tool_use",
            id: `toolu_mock_${id.slice(9)}`,
            name: answer.name,
            input: answer.input,
          },
        ];
  const stopReason = answer.type === "tool" ? "tool_use" : "end_turn";
  const usage = { input_tokens: 10, output_tokens: 5 };
  if (body.stream !== true) {
    sendJson(res, 200, {
      id,
      type: "message",
      role: "assistant",
      model,
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage,
    });
    return answer;
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const send = (event: string, data: Obj): void => {
    res.write(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`);
  };
  send("message_start", {
    message: {
      id,
      type: "message",
      role: "assistant",
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 1 },
    },
  });
  const block = content[0] as Obj;
  if (block.type === "text") {
    send("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
    send("content_block_delta", { index: 0, delta: { type: "text_delta", text: block.text } });
  } else {
    send("content_block_start", {
      index: 0,
      content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
    });
    send("content_block_delta", {
      index: 0,
      delta: { type: "input_json_delta", partial_json: JSON.stringify(block.input) },
    });
  }
  send("content_block_stop", { index: 0 });
  send("message_delta", {
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: 5 },
  });
  send("message_stop", {});
  res.end();
  return answer;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
