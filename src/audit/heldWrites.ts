import type { AuditRecord, AuditRecordInput } from "./auditRecord.js";
import type { SessionPatch } from "./auditStore.js";
import { RELAXED_WAIT_MS } from "./batchQueue.js";

/** Where held writes go once released: the store's own paths. */
export interface HeldWritesSink {
  append(input: AuditRecordInput): Promise<AuditRecord>;
  update(id: string, patch: SessionPatch): Promise<void>;
}

interface HeldAppend {
  input: AuditRecordInput;
  resolve: (record: AuditRecord) => void;
  reject: (error: unknown) => void;
}

interface HeldRow {
  patch: SessionPatch;
  done: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The writes nobody waits on to answer anyone — relaxed audit records (a session's prompts,
 * turn ends, tool outcomes) and session row updates — held in this process for up to
 * RELAXED_WAIT_MS and then handed to the store together: a row a turn updates four times is
 * written once, and a record is redacted, linked and posted with the others of its window
 * instead of at every turn (an editor prompting the proxy back to back paid ~0.25 ms of CPU a
 * turn for them). `release` hands them over at once: the store calls it before anything else
 * it is asked (a record someone waits on, a read, a row put, close), so that the store sees
 * every write in the order it was asked, except that a held row update comes after the held
 * records: a row may lag its records, never lead them.
 */
export class HeldWrites {
  private appends: HeldAppend[] = [];
  private rows = new Map<string, HeldRow>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sink: HeldWritesSink,
    private readonly holdMs = RELAXED_WAIT_MS,
  ) {}

  /** Resolves with the record once it is committed (after release). */
  append(input: AuditRecordInput): Promise<AuditRecord> {
    return new Promise<AuditRecord>((resolve, reject) => {
      this.appends.push({ input, resolve, reject });
      this.releaseSoon();
    });
  }

  /**
   * Merged into the session's update still held, if any (a later value wins; an undefined
   * one changes nothing, as in a write of its own); all of them resolve with the one write.
   */
  update(id: string, patch: SessionPatch): Promise<void> {
    const held = this.rows.get(id);
    if (held) {
      mergeDefined(held.patch, patch);
      return held.done;
    }
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const done = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
    this.rows.set(id, { patch: mergeDefined({}, patch), done, resolve, reject });
    this.releaseSoon();
    return done;
  }

  /** Hands everything held to the sink now, records first, in the order they were given. */
  release(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const appends = this.appends;
    const rows = this.rows;
    if (appends.length === 0 && rows.size === 0) return;
    this.appends = [];
    this.rows = new Map();
    for (const held of appends) this.sink.append(held.input).then(held.resolve, held.reject);
    for (const [id, held] of rows) this.sink.update(id, held.patch).then(held.resolve, held.reject);
  }

  private releaseSoon(): void {
    this.timer ??= setTimeout(() => this.release(), this.holdMs);
  }
}

function mergeDefined(into: SessionPatch, patch: SessionPatch): SessionPatch {
  for (const [key, value] of Object.entries(patch))
    if (value !== undefined) (into as Record<string, unknown>)[key] = value;
  return into;
}
