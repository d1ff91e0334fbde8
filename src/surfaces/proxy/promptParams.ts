import { RequestError, type PromptRequest } from "@agentclientprotocol/sdk";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The editor's `session/prompt` as acpgate acts on it: the session it names and a list of
 * content blocks, each an object with a `type` and a text block's `text` (what the turn's
 * audit record shows). The rest goes to the agent as the editor sent it, `_meta` and fields acpgate does not know
 * included; the agent validates its own request. The SDK's full schema cost every turn of
 * an editor's proxy ~10–20 µs of CPU and stripped what it did not know. Anything else is
 * answered -32602.
 */
export function promptParams(params: unknown): PromptRequest {
  if (!isRecord(params) || typeof params.sessionId !== "string")
    throw RequestError.invalidParams({ field: "sessionId" }, "session/prompt needs a sessionId");
  const prompt = params.prompt;
  if (!Array.isArray(prompt) || !prompt.every(isBlock))
    throw RequestError.invalidParams(
      { field: "prompt" },
      "session/prompt needs a prompt: a list of content blocks, each with a type",
    );
  return params as unknown as PromptRequest;
}

function isBlock(block: unknown): boolean {
  return (
    isRecord(block) &&
    typeof block.type === "string" &&
    (block.type !== "text" || typeof block.text === "string")
  );
}
