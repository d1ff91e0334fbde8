import type { PostgresDriver } from "../../audit/postgresDriver.js";
import type { SessionEvent } from "../../sessions/events.js";

/** The channel a replica notifies after it appended events: payload `sessionId`. */
export const EVENTS_CHANNEL = "acpgate_events";

/** Rows per INSERT (3 parameters each, far below PostgreSQL's 65,535). */
const ROWS_PER_STATEMENT = 500;

/**
 * Appends the events of the sessions this replica runs to `session_events`, in batches: what
 * arrives while a batch commits goes in the next one, one transaction at a time, so the rows
 * of a session are written in sequence order. Each commit notifies `acpgate_events` once per
 * session it touched (the notification is sent at commit, never before the rows are
 * visible). Not record-before-respond: the audit is the record; this is the stream.
 */
export class EventShipper {
  private queue: SessionEvent[] = [];
  private running: Promise<void> | undefined;
  private failures = 0;

  constructor(
    private readonly driver: PostgresDriver,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Events shipped but not yet committed (for drain and tests). */
  get backlog(): number {
    return this.queue.length;
  }

  get failedBatches(): number {
    return this.failures;
  }

  ship(event: SessionEvent): void {
    this.queue.push(event);
    this.running ??= this.loop();
  }

  /** Resolves once everything shipped so far is committed (or failed). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(): Promise<void> {
    // One turn of the event loop gathers a burst into one batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length) {
      const batch = this.queue;
      this.queue = [];
      await this.write(batch).catch((error: unknown) => {
        this.failures++;
        this.onError(error);
      });
    }
    this.running = undefined;
  }

  /**
   * One statement per batch (one round trip): the rows, and a notification per session they
   * touched, in the statement's own transaction, so the notifications leave at its commit.
   */
  private async write(batch: SessionEvent[]): Promise<void> {
    for (let i = 0; i < batch.length; i += ROWS_PER_STATEMENT) {
      const rows = batch.slice(i, i + ROWS_PER_STATEMENT);
      await this.driver.run(
        `WITH added AS (
           INSERT INTO session_events (session_id, seq, event)
           VALUES ${rows.map(() => "(?, ?, ?)").join(", ")}
           ON CONFLICT DO NOTHING RETURNING session_id)
         SELECT pg_notify('${EVENTS_CHANNEL}', s) FROM (SELECT DISTINCT session_id AS s FROM added) AS touched`,
        rows.flatMap((e) => [e.sessionId, e.seq, JSON.stringify(e)]),
      );
    }
  }
}
