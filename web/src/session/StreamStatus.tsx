import type { SessionStream } from "./useSessionEvents.js";

/** Whether the conversation is live, resuming after a drop, or over. */
export function StreamStatus({ stream, live }: { stream: SessionStream; live: boolean }) {
  const text =
    stream.status === "live"
      ? "Live"
      : stream.status === "reconnecting"
        ? `Reconnecting (resumes after event ${stream.events.at(-1)?.seq ?? 0})…`
        : stream.status === "ended" && stream.detail === "HTTP 404"
          ? "Not running in this server any more: what happened is in its audit."
          : stream.status === "ended"
            ? "The session ended."
            : live
              ? "Connecting…"
              : "Not running in this server: its record is in the audit.";
  return (
    <p className={`stream-status ${stream.status}`} role="status" data-testid="stream-status">
      {text}
      {stream.gap ? ` Events ${stream.gap.from}–${stream.gap.to} are no longer kept.` : ""}
    </p>
  );
}
