import { useEffect, useState } from "react";
import type { ApiClient } from "../api/client.js";
import { openSse } from "../api/sseStream.js";
import type { SessionEvent } from "../api/types.js";

export interface SessionStream {
  events: SessionEvent[];
  status: "connecting" | "live" | "reconnecting" | "ended";
  detail?: string;
  /** Set when the server said it no longer keeps some events (`gap`). */
  gap?: { from: number; to: number };
}

/**
 * A session's events over SSE, resumed with Last-Event-ID after a drop; ends with `end`.
 * Events are deduplicated by `seq`, so a resume never shows one twice.
 */
export function useSessionEvents(api: ApiClient, id: string): SessionStream {
  const [stream, setStream] = useState<SessionStream>({ events: [], status: "connecting" });
  useEffect(() => {
    setStream({ events: [], status: "connecting" });
    let pending: SessionEvent[] = [];
    let frame: number | undefined;
    // Bursts of chunks are applied once per animation frame, not one render each.
    const flush = (): void => {
      frame = undefined;
      const batch = pending;
      pending = [];
      setStream((s) => {
        const last = s.events.at(-1)?.seq ?? 0;
        const fresh = batch.filter(
          (e, i) => e.seq > last && (i === 0 || e.seq > (batch[i - 1]?.seq ?? 0)),
        );
        return fresh.length ? { ...s, events: [...s.events, ...fresh] } : s;
      });
    };
    const stop = openSse({
      url: `/api/agent-sessions/${encodeURIComponent(id)}/events`,
      headers: api.headers(),
      finalEvents: ["end"],
      onStatus: (status, detail) =>
        setStream((s) => ({ ...s, status, ...(detail ? { detail } : {}) })),
      onMessage: (message) => {
        if (message.event === "gap") {
          const gap = JSON.parse(message.data) as { from: number; to: number };
          setStream((s) => ({ ...s, gap }));
          return;
        }
        if (message.event === "end" || message.event === "disconnect") return;
        pending.push(JSON.parse(message.data) as SessionEvent);
        frame ??= requestAnimationFrame(flush);
      },
    });
    return () => {
      stop();
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [api, id]);
  return stream;
}
