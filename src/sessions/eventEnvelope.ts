import { EVENT_SCHEMA, type SessionEvent, type SessionEventBody } from "./events.js";

/** Wraps a normalised body in the versioned envelope every surface sees. */
export function envelope(
  body: SessionEventBody,
  seq: number,
  sessionId: string,
  raw: unknown,
): SessionEvent {
  const event = {
    ...body,
    schema: EVENT_SCHEMA,
    seq,
    time: new Date().toISOString(),
    sessionId,
  } as SessionEvent;
  if (raw !== undefined) event.raw = raw;
  return event;
}
