import type { Session } from "../../sessions/session.js";
import type { SessionEvent } from "../../sessions/events.js";
import type { Disposable } from "../../util/emitter.js";

export interface EventStreamOptions {
  /** Resume after this sequence number (`Last-Event-ID` / `?after=`); 0 for everything kept. */
  after: number;
  heartbeatMs: number;
  maxQueued: number;
  /** Told once when the stream ends (client gone, session ended, too slow). */
  onEnd?: (reason: string) => void;
  /** Told, per event handed to the reader, how old it was (ms since its `time`). */
  onDelivered?: (ageMs: number) => void;
}

const encoder = new TextEncoder();

export function sseFrame(event: string, id: number | undefined, data: unknown): string {
  return `event: ${event}\n${id !== undefined ? `id: ${id}\n` : ""}data: ${JSON.stringify(data)}\n\n`;
}

const FINAL_STATES = new Set(["closed", "failed"]);

/**
 * One subscriber's Server-Sent Events of a session: the kept events after the cursor (with a
 * `gap` event for what the log no longer holds), then live ones, each exactly once and in
 * order. Subscribing and reading the log happen in one synchronous step, so nothing falls
 * between them. Frames wait in a bounded queue: a reader that lets `maxQueued` pile up is
 * sent `disconnect` with the reason and dropped, so a slow client never slows the agent.
 */
export function sessionEventStream(
  session: Session,
  options: EventStreamOptions,
): ReadableStream<Uint8Array> {
  const queue: { text: string; seq?: number; born?: number }[] = [];
  let cursor = options.after;
  /** The newest sequence number handed to the reader. */
  let delivered = options.after;
  /** Frames of the replay still queued: they do not count against `maxQueued`. */
  let replayed = 0;
  let subscription: Disposable | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let ended = false;
  let waiting = false;

  const end = (reason: string, frame?: string): void => {
    if (ended) return;
    ended = true;
    subscription?.dispose();
    if (heartbeat) clearInterval(heartbeat);
    if (overflowCheck) clearImmediate(overflowCheck);
    if (frame) queue.push({ text: frame });
    options.onEnd?.(reason);
    flush();
  };
  const flush = (): void => {
    if (!controller || !waiting) return;
    if (queue.length) {
      waiting = false;
      const frames = queue.splice(0, queue.length);
      replayed = 0;
      const now = Date.now();
      for (const f of frames) {
        if (f.seq !== undefined) delivered = f.seq;
        if (f.born !== undefined) options.onDelivered?.(now - f.born);
      }
      controller.enqueue(encoder.encode(frames.map((f) => f.text).join("")));
    } else if (ended) {
      waiting = false;
      controller.close();
    }
  };
  let overflowCheck: NodeJS.Immediate | undefined;
  const judgeReader = (): void => {
    overflowCheck = undefined;
    if (ended || queue.length <= options.maxQueued + replayed) return;
    queue.length = 0;
    end(
      "slow_consumer",
      sseFrame("disconnect", undefined, {
        reason: "slow_consumer",
        detail: `more than ${options.maxQueued} events unread; reconnect with Last-Event-ID ${delivered}`,
        lastEventId: delivered,
      }),
    );
  };
  const push = (event: SessionEvent): void => {
    if (ended || event.seq <= cursor) return;
    cursor = event.seq;
    queue.push({
      text: sseFrame(event.type, event.seq, event),
      seq: event.seq,
      // Live events (not the replay) are timed, also those queued before the reader's first pull.
      ...(options.onDelivered && replayed !== Number.POSITIVE_INFINITY
        ? { born: Date.parse(event.time) }
        : {}),
    });
    // An agent's burst arrives in one synchronous run of events (one pipe read): judge the
    // reader once it had a turn to pull, not in the middle of the burst.
    if (queue.length > options.maxQueued + replayed) overflowCheck ??= setImmediate(judgeReader);
    if (event.type === "session_state" && FINAL_STATES.has(event.state))
      end("session_ended", sseFrame("end", undefined, { reason: `session ${event.state}` }));
    else flush();
  };

  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        subscription = session.on(push);
        const page = session.log.read(cursor);
        if (page.gap) {
          const gap = { ...page.gap, reason: "no longer kept" };
          queue.push({ text: sseFrame("gap", page.gap.to, gap), seq: page.gap.to });
          cursor = page.gap.to;
        }
        queue.push({ text: ": acpgate event stream\n\n" });
        replayed = Number.POSITIVE_INFINITY;
        for (const event of page.events) push(event);
        replayed = queue.length;
        if (!ended && FINAL_STATES.has(session.state))
          end("session_ended", sseFrame("end", undefined, { reason: `session ${session.state}` }));
        heartbeat = setInterval(() => {
          queue.push({ text: ": heartbeat\n\n" });
          flush();
        }, options.heartbeatMs);
        heartbeat.unref();
      },
      pull() {
        waiting = true;
        flush();
      },
      cancel() {
        end("client_gone");
      },
    },
    { highWaterMark: 0 },
  );
}
