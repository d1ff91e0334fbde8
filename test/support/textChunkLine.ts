/** A streamed text chunk (`session/update`, `agent_message_chunk` by default) as one NDJSON line. */
export function textChunkLine(
  text: string,
  sessionId = "s1",
  kind = "agent_message_chunk",
): string {
  return JSON.stringify({
    jsonrpc: "2.0",
    method: "session/update",
    params: { sessionId, update: { sessionUpdate: kind, content: { type: "text", text } } },
  });
}
