import { EVENT_SCHEMA, type SessionEvent, type SessionEventBody } from "./events.js";

let lastMs = 0;
let lastIso = "";

/** ISO time of now; formatted once per millisecond (a stream emits thousands per ms). */
function isoNow(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastIso = new Date(now).toISOString();
  }
  return lastIso;
}

/**
 * Wraps a normalised body in the versioned envelope every surface sees, envelope fields
 * first. Built as one literal: adding `raw` after a spread made this 50× slower (measured),
 * and it runs once per streamed chunk.
 */
export function envelope(
  body: SessionEventBody,
  seq: number,
  sessionId: string,
  raw: unknown,
): SessionEvent {
  return { schema: EVENT_SCHEMA, seq, time: isoNow(), sessionId, ...body, raw };
}
