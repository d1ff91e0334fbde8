import type { ChunkAccess } from "../../audit/chunkCarry.js";
import { updateTextOf, withUpdateText } from "../../audit/updateText.js";
import type { SessionEvent } from "../../sessions/events.js";

/**
 * The streamed text of session events (agent message, thought and user message chunks, text
 * only), for a ChunkCarry: rewriting a chunk's text rewrites its `raw` ACP message too, so the
 * printed line holds no piece of a secret in either place.
 */
export const EVENT_CHUNKS: ChunkAccess<SessionEvent> = {
  chunkOf: (event) => {
    if (event.type === "agent_message" && event.contentType !== "text") return undefined;
    if (
      event.type !== "agent_message" &&
      event.type !== "agent_thought" &&
      event.type !== "user_message"
    )
      return undefined;
    return { stream: event.replay ? `${event.type}:replay` : event.type, text: event.text };
  },
  withText: (event, text) =>
    ({
      ...event,
      text,
      raw: updateTextOf(event.raw) ? withUpdateText(event.raw, text) : event.raw,
    }) as SessionEvent,
};
