import type { Session } from "../../sessions/session.js";
import type { SessionManager } from "../../sessions/sessionManager.js";

/** How many ended sessions keep their event log for late readers. */
export const ENDED_SESSIONS_KEPT = 100;

/**
 * The last sessions that closed or failed, with their event logs: the manager forgets a
 * session when it ends, but a client whose stream dropped just before must still be able to
 * resume with `Last-Event-ID` and read the tail (then `end`), not get a 404. Oldest first out.
 */
export class EndedSessions {
  private readonly kept = new Map<string, Session>();

  constructor(
    manager: Pick<SessionManager, "events" | "get">,
    private readonly limit = ENDED_SESSIONS_KEPT,
  ) {
    manager.events.on((event) => {
      if (event.type !== "session_state") return;
      if (event.state !== "closed" && event.state !== "failed") return;
      try {
        this.keep(manager.get(event.sessionId));
      } catch {
        // Already forgotten: nothing to keep.
      }
    });
  }

  get(id: string): Session | undefined {
    return this.kept.get(id);
  }

  private keep(session: Session): void {
    this.kept.delete(session.id);
    this.kept.set(session.id, session);
    while (this.kept.size > this.limit) {
      const oldest = this.kept.keys().next().value;
      if (oldest === undefined) break;
      this.kept.delete(oldest);
    }
  }
}
