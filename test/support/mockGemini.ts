import type { ServerResponse } from "node:http";
import { sendJson } from "./mockAnthropic.js";
import { reply, sampleFor, type Conversation, type OfferedTool, type Reply } from "./mockScript.js";

/**
 * The Gemini API, as much of it as gemini-cli uses: `models/M:generateContent`,
 * `:streamGenerateContent` (SSE with `?alt=sse`, else one JSON array) and `:countTokens`.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);

export function geminiTools(body: Obj): OfferedTool[] {
  return list(body.tools).flatMap((tool) =>
    list(tool.functionDeclarations).flatMap((fn) => {
      if (typeof fn.name !== "string") return [];
      const schema = isObj(fn.parametersJsonSchema)
        ? fn.parametersJsonSchema
        : isObj(fn.parameters)
          ? fn.parameters
          : {};
      const props = isObj(schema.properties) ? Object.keys(schema.properties) : [];
      return [{ name: fn.name, params: props }];
    }),
  );
}

export function geminiConversation(body: Obj): Conversation {
  const contents = list(body.contents);
  let toolResultsSince = 0;
  let promptText = "";
  for (let i = contents.length - 1; i >= 0; i--) {
    const content = contents[i] as Obj;
    if (content.role === "model") continue;
    const parts = list(content.parts);
    const results = parts.filter((p) => isObj(p.functionResponse)).length;
    const text = parts.map((p) => (typeof p.text === "string" ? p.text : "")).join("\n");
    if (results > 0 && !text.includes("@tool")) {
      toolResultsSince += results;
      continue;
    }
    promptText = text;
    break;
  }
  return { promptText, toolResultsSince, tools: geminiTools(body) };
}

/** Answers one generate call; `stream` picks SSE (`alt=sse`), a JSON array, or one object. */
export function respondGemini(
  res: ServerResponse,
  body: Obj,
  mode: "object" | "array" | "sse",
  finalText: string,
): Reply {
  const config = isObj(body.generationConfig) ? body.generationConfig : {};
  const schema = config.responseJsonSchema ?? config.responseSchema;
  const answer: Reply =
    config.responseMimeType === "application/json"
      ? { type: "text", text: JSON.stringify(sampleFor(schema ?? { type: "object" })) }
      : reply(geminiConversation(body), finalText);
  const part =
    answer.type === "text"
      ? { text: answer.text }
      : { functionCall: { name: answer.name, args: answer.input } };
  const chunk = {
    candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: "mock-model",
  };
  if (mode === "sse") {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.end(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
  } else {
    sendJson(res, 200, mode === "array" ? [chunk] : chunk);
  }
  return answer;
}
