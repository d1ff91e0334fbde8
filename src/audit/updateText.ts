type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `session/update` variants whose text is streamed in pieces. */
const STREAMED = new Set(["agent_message_chunk", "agent_thought_chunk", "user_message_chunk"]);

/**
 * The streamed text of a `session/update` notification (`{method, params: {update}}`): the
 * variant and its text content, or undefined for anything else (other variants, non-text
 * content, malformed messages).
 */
export function updateTextOf(message: unknown): { kind: string; text: string } | undefined {
  if (!isObj(message) || message.method !== "session/update" || !isObj(message.params)) return;
  const update = message.params.update;
  if (!isObj(update) || typeof update.sessionUpdate !== "string") return;
  if (!STREAMED.has(update.sessionUpdate)) return;
  const content = update.content;
  if (!isObj(content) || content.type !== "text" || typeof content.text !== "string") return;
  return { kind: update.sessionUpdate, text: content.text };
}

/** A copy of such a message with its text replaced (the original is not touched). */
export function withUpdateText<M>(message: M, text: string): M {
  const m = message as Obj & { params: Obj & { update: Obj & { content: Obj } } };
  const { update } = m.params;
  return {
    ...m,
    params: { ...m.params, update: { ...update, content: { ...update.content, text } } },
  } as M;
}
