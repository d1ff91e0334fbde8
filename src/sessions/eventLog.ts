import type { SessionEvent } from "./events.js";

/** Events after a cursor; `gap` names the sequence numbers that are no longer kept. */
export interface EventPage {
  events: SessionEvent[];
  /** Set when the cursor asked for events already evicted: `from`..`to` are lost. */
  gap?: { from: number; to: number };
  /** The cursor to read on from (the last sequence number returned, or `after`). */
  next: number;
}

/**
 * The last `capacity` events of one session, in sequence order, readable from a cursor.
 * Attached when the session is created, so nothing is dropped for want of a listener; the
 * base of SSE resume (`Last-Event-ID`). Bounded: the oldest events are evicted, and a read
 * from before them says so with an explicit gap rather than silently skipping.
 */
export class EventLog {
  private readonly ring: (SessionEvent | undefined)[];
  private start = 0;
  private size = 0;

  constructor(readonly capacity = 10_000) {
    if (capacity < 1) throw new RangeError("an event log keeps at least one event");
    this.ring = new Array<SessionEvent | undefined>(capacity);
  }

  append(event: SessionEvent): void {
    const index = (this.start + this.size) % this.capacity;
    this.ring[index] = event;
    if (this.size < this.capacity) this.size++;
    else this.start = (this.start + 1) % this.capacity;
  }

  /** Sequence number of the newest event (0 when none). */
  get lastSeq(): number {
    return this.size ? (this.at(this.size - 1)?.seq ?? 0) : 0;
  }

  /** The newest event, when any. */
  get last(): SessionEvent | undefined {
    return this.size ? this.at(this.size - 1) : undefined;
  }

  /** Sequence number of the oldest event still kept (0 when none). */
  get firstSeq(): number {
    return this.size ? (this.at(0)?.seq ?? 0) : 0;
  }

  /** Events with `seq > after`, at most `limit`. */
  read(after = 0, limit = Number.POSITIVE_INFINITY): EventPage {
    const events: SessionEvent[] = [];
    const first = this.firstSeq;
    const gap = this.size && after + 1 < first ? { from: after + 1, to: first - 1 } : undefined;
    for (let i = 0; i < this.size && events.length < limit; i++) {
      const event = this.at(i);
      if (event && event.seq > after) events.push(event);
    }
    const next = events.length ? (events[events.length - 1]?.seq ?? after) : after;
    return { events, ...(gap ? { gap } : {}), next };
  }

  private at(offset: number): SessionEvent | undefined {
    return this.ring[(this.start + offset) % this.capacity];
  }
}
