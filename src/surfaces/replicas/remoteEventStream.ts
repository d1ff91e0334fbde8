import type { PostgresDriver } from "../../audit/postgresDriver.js";
import { sseFrame } from "../server/eventStream.js";
import type { EventWakeups } from "./eventWakeups.js";

export interface RemoteStreamOptions {
  /** Resume after this sequence number (`Last-Event-ID` / `?after=`). */
  after: number;
  heartbeatMs: number;
  /** How long a reader waits for a notification before it reads the rows anyway. */
  pollMs: number;
  onEnd?: (reason: string) => void;
  onDelivered?: (ageMs: number) => void;
}

const PAGE = 500;
const FINAL = new Set(["closed", "failed"]);
const encoder = new TextEncoder();

interface StoredEvent {
  seq: number;
  type: string;
  time?: string;
  state?: string;
}

/**
 * The SSE of a session from `session_events`, for a session another replica runs (or ran):
 * the rows after the cursor in sequence order, then each new batch as its notification
 * arrives, until the session's final `session_state` (then `end`). Pull-driven: the next page
 * is read only when the client has taken the last, so a slow client costs nothing but its
 * cursor. The frames are the owner's, byte for byte: same id, same event, same data.
 */
export function remoteEventStream(
  driver: PostgresDriver,
  wakeups: EventWakeups,
  sessionId: string,
  options: RemoteStreamOptions,
): ReadableStream<Uint8Array> {
  let cursor = options.after;
  let ended = false;
  let lastSent = Date.now();
  let first = true;
  /** Read before waiting: at the start, after a wake-up or a poll, after a full page. */
  let mustRead = true;
  /** Ask whether the session ended when a read finds nothing (at the start, after a poll). */
  let checkEnd = true;
  let sawFinished = false;
  const waiter = wakeups.subscribe(sessionId);
  const end = (reason: string): void => {
    if (ended) return;
    ended = true;
    waiter.dispose();
    options.onEnd?.(reason);
  };

  /** One page of frames, or a heartbeat when nothing new came in time. */
  const page = async (): Promise<string> => {
    for (;;) {
      if (!mustRead) {
        const left = options.heartbeatMs - (Date.now() - lastSent);
        if (left <= 0) return ": heartbeat\n\n";
        if (!(await waiter.wait(Math.min(left, options.pollMs)))) checkEnd = true;
        mustRead = true;
        continue;
      }
      const rows = await driver.all(
        `SELECT seq, event FROM session_events WHERE session_id = ? AND seq > ? ORDER BY seq LIMIT ${PAGE}`,
        [sessionId, cursor],
      );
      if (rows.length) {
        mustRead = rows.length === PAGE;
        const now = Date.now();
        let text = "";
        for (const row of rows) {
          const json = String(row.event);
          const event = JSON.parse(json) as StoredEvent;
          cursor = Number(row.seq);
          text += `event: ${event.type}\nid: ${cursor}\ndata: ${json}\n\n`;
          if (event.time && options.onDelivered) options.onDelivered(now - Date.parse(event.time));
          if (event.type === "session_state" && event.state && FINAL.has(event.state)) {
            end("session_ended");
            return text + sseFrame("end", undefined, { reason: `session ${event.state}` });
          }
        }
        return text;
      }
      mustRead = false;
      if (sawFinished) {
        end("session_ended");
        return sseFrame("end", undefined, { reason: "session ended" });
      }
      if (checkEnd) {
        checkEnd = false;
        // Ended with no lease: its last rows are committed; read them once more, then end.
        if (await finished(driver, sessionId)) sawFinished = mustRead = true;
      }
    }
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (first) {
          first = false;
          controller.enqueue(encoder.encode(": acpgate event stream\n\n"));
          return;
        }
        if (ended) {
          controller.close();
          return;
        }
        try {
          const text = await page();
          lastSent = Date.now();
          if (text) controller.enqueue(encoder.encode(text));
        } catch (error) {
          end("store_failed");
          controller.error(error);
        }
      },
      cancel() {
        end("client_gone");
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * True once the session's row says it ended and no replica holds it: an owner gives up the
 * lease only after its last events are committed, so the rows are complete (the final event
 * may be before the cursor: a client that read it on the owner before it was shipped).
 */
async function finished(driver: PostgresDriver, sessionId: string): Promise<boolean> {
  const rows = await driver.all(
    `SELECT 1 AS ended FROM sessions s WHERE s.id = ? AND s.state IN ('closed', 'failed', 'lost')
       AND NOT EXISTS (SELECT 1 FROM session_leases l WHERE l.session_id = s.id)`,
    [sessionId],
  );
  return rows.length > 0;
}
