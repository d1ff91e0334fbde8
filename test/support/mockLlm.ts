import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { respondAnthropic, sendJson } from "./mockAnthropic.js";
import { respondGemini } from "./mockGemini.js";
import { openAiChatTools, respondOpenAiChat } from "./mockOpenAiChat.js";
import { respondOpenAiResponses, responsesToolNames } from "./mockOpenAiResponses.js";
import type { Reply } from "./mockScript.js";

/**
 * A mock LLM on 127.0.0.1 that speaks the Anthropic Messages API, the Gemini API, the OpenAI
 * Chat Completions API and the OpenAI Responses API (codex) well enough for real agent CLIs to
 * run whole turns offline. It answers a fixed text, or a tool call when the prompt holds
 * `@tool NAME {json}` (see mockScript.ts), and records every request. It also serves as the
 * agents' HTTP(S) proxy: any attempt to reach another host is refused and recorded as
 * `escape`, so a test can assert that nothing left the machine.
 */

export type RequestKind =
  | "anthropic.messages"
  | "anthropic.count_tokens"
  | "gemini.generate"
  | "gemini.count_tokens"
  | "openai.chat"
  | "openai.responses"
  | "escape"
  | "other";

export interface RecordedRequest {
  kind: RequestKind;
  method: string;
  path: string;
  model?: string;
  stream: boolean;
  /** Names of the tools the agent offered in this request. */
  toolNames: string[];
  reply?: Reply;
  body: unknown;
}

export interface MockLlm {
  readonly url: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  /** Every tool name the agents offered, over all requests. */
  toolNamesSeen(): string[];
  close(): Promise<void>;
}

export interface MockLlmOptions {
  port?: number;
  finalText?: string;
  /** Called for each request (e.g. to log it). */
  onRequest?(request: RecordedRequest): void;
}

export const MOCK_FINAL_TEXT = "mock-llm: all done.";

export async function startMockLlm(options: MockLlmOptions = {}): Promise<MockLlm> {
  const finalText = options.finalText ?? MOCK_FINAL_TEXT;
  const requests: RecordedRequest[] = [];
  const record = (entry: RecordedRequest): void => {
    requests.push(entry);
    options.onRequest?.(entry);
  };
  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      try {
        handle(req, res, raw, finalText, record);
      } catch (error) {
        sendJson(res, 500, { error: { type: "mock_error", message: String(error) } });
      }
    });
  });
  // An agent killed mid-request resets its socket: that is the agent's end, not the mock's error.
  server.on("connection", (socket) => socket.on("error", () => undefined));
  server.on("connect", (req: IncomingMessage, socket) => {
    socket.on("error", () => undefined);
    record({
      kind: "escape",
      method: "CONNECT",
      path: req.url ?? "",
      stream: false,
      toolNames: [],
      body: null,
    });
    socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    toolNamesSeen: () => [...new Set(requests.flatMap((r) => r.toolNames))].sort(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function handle(
  req: IncomingMessage,
  res: ServerResponse,
  raw: string,
  finalText: string,
  record: (entry: RecordedRequest) => void,
): void {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const method = req.method ?? "GET";
  let body: Record<string, unknown> = {};
  try {
    body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    body = {};
  }
  const base = { method, path: url.pathname, body, toolNames: [] as string[], stream: false };
  if (/^https?:\/\//.test(req.url ?? "")) {
    record({ ...base, kind: "escape", path: req.url ?? "" });
    sendJson(res, 403, { error: "acpgate mock: no network" });
    return;
  }
  if (method === "POST" && url.pathname === "/v1/messages/count_tokens") {
    record({ ...base, kind: "anthropic.count_tokens" });
    sendJson(res, 200, { input_tokens: 42 });
    return;
  }
  if (method === "POST" && url.pathname === "/v1/messages") {
    const toolNames = toolNamesOf(body, "anthropic");
    const entry: RecordedRequest = {
      ...base,
      kind: "anthropic.messages",
      stream: body.stream === true,
      toolNames,
      model: str(body.model),
    };
    entry.reply = respondAnthropic(res, body, finalText);
    record(entry);
    return;
  }
  if (method === "POST" && url.pathname.endsWith("/chat/completions")) {
    const entry: RecordedRequest = {
      ...base,
      kind: "openai.chat",
      stream: body.stream === true,
      toolNames: openAiChatTools(body).map((t) => t.name),
      model: str(body.model),
    };
    entry.reply = respondOpenAiChat(res, body, finalText);
    record(entry);
    return;
  }
  if (url.pathname === "/v1/responses" && req.headers.upgrade) {
    // codex tries a WebSocket first; 426 sends it straight to plain HTTP (no retries).
    record({ ...base, kind: "other" });
    sendJson(res, 426, { error: { message: "acpgate mock: no WebSocket, use HTTP" } });
    return;
  }
  if (method === "POST" && url.pathname === "/v1/responses") {
    const entry: RecordedRequest = {
      ...base,
      kind: "openai.responses",
      stream: body.stream === true,
      toolNames: responsesToolNames(body),
      model: str(body.model),
    };
    entry.reply = respondOpenAiResponses(res, body, finalText);
    record(entry);
    return;
  }
  const gemini = /\/models\/([^/:]+):(\w+)$/.exec(url.pathname);
  if (method === "POST" && gemini) {
    const [, model, action] = gemini;
    if (action === "countTokens") {
      record({ ...base, kind: "gemini.count_tokens", model });
      sendJson(res, 200, { totalTokens: 42 });
      return;
    }
    if (action === "generateContent" || action === "streamGenerateContent") {
      const mode =
        action === "generateContent"
          ? "object"
          : url.searchParams.get("alt") === "sse"
            ? "sse"
            : "array";
      const entry: RecordedRequest = {
        ...base,
        kind: "gemini.generate",
        model,
        stream: mode !== "object",
        toolNames: toolNamesOf(body, "gemini"),
      };
      entry.reply = respondGemini(res, body, mode, finalText);
      record(entry);
      return;
    }
  }
  // Start-up side calls (model lists, settings, telemetry): answered empty, recorded.
  record({ ...base, kind: "other" });
  sendJson(res, 200, url.pathname.endsWith("/models") ? { data: [], models: [] } : {});
}

function toolNamesOf(body: Record<string, unknown>, dialect: "anthropic" | "gemini"): string[] {
  const tools = Array.isArray(body.tools) ? (body.tools as Record<string, unknown>[]) : [];
  if (dialect === "anthropic") return tools.map((t) => (typeof t.name === "string" ? t.name : ""));
  return tools.flatMap((t) =>
    Array.isArray(t.functionDeclarations)
      ? (t.functionDeclarations as Record<string, unknown>[]).map((f) =>
          typeof f.name === "string" ? f.name : "",
        )
      : [],
  );
}

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", () => resolve(""));
  });
}
