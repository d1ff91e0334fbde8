import type { Emitter } from "../util/emitter.js";
import type { AuditQuery, AuditRecord, AuditRecordInput, AuditSurface } from "./auditRecord.js";
import type { VerifyResult } from "./chainVerifier.js";
import type { LostSession } from "./lostSessions.js";

/** A session as a record: survives a restart of the plane. */
export interface SessionRow {
  id: string;
  agentId: string;
  cwd: string;
  state: string;
  surface: AuditSurface;
  actor: string;
  createdAt: string;
  endedAt?: string;
  stopReason?: string;
  agentSessionId?: string;
  /** `acpgate run --name`: unique per store. */
  name?: string;
  /** The policy the session runs under now (promotion changes it). */
  policy?: string;
  /** The environment (`--env`) it was started in. */
  environment?: string;
  /** The agent's mode when the last turn started, then when it ended. */
  mode?: string;
  /** Prompts sent in this session; unset before the first. */
  turns?: number;
  /** The recorded session this one continues (`acpgate run --resume`). */
  resumedFrom?: string;
}

export type SessionPatch = Partial<
  Pick<
    SessionRow,
    "state" | "endedAt" | "stopReason" | "agentSessionId" | "policy" | "mode" | "turns"
  >
>;

/** Which session rows to list; every field narrows. */
export interface SessionQuery {
  name?: string;
  agentId?: string;
  agentSessionId?: string;
  /** Newest first (default: oldest first). */
  newestFirst?: boolean;
  limit?: number;
}

/** One raw wire message, already redacted and bounded. */
export interface JournalEntry {
  time: string;
  sessionId: string;
  direction: "in" | "out";
  rpcId?: string;
  method?: string;
  /** Size in bytes of the (redacted) message before truncation. */
  size: number;
  /** Set when truncated: sha256 of the whole redacted message. */
  sha256?: string;
  truncated: boolean;
  message: string;
  /**
   * How many messages `message` holds, one per line: a run of consecutive notifications of
   * one session, direction and method (no id, none truncated), `size` their bytes with the
   * newlines. Unset: one. The wire journal joins runs as it queues them (journalTable.ts).
   */
  messages?: number;
  /**
   * Set on a run stored factored (lineAffix.ts): every line of `message` is then the middle
   * of a message that begins with `linePrefix` and ends with `lineSuffix`. `size` is still
   * the bytes of the messages whole. `listJournal` gives the messages whole.
   */
  linePrefix?: string;
  lineSuffix?: string;
}

export interface JournalRow extends JournalEntry {
  /** The row's id: a run of notifications is one row (journalTable.ts), its entries one each. */
  id: number;
  /** A run's entries: the position of this one in its row, from 0. */
  part?: number;
}

/** A recorded permission request with the decision it got: the input of `policy replay`. */
export interface RecordedPermission {
  asked: AuditRecord;
  decided: AuditRecord | undefined;
}

export interface AuditCommit {
  ms: number;
  records: number;
  /** Only relaxed records (AppendOptions): `ms` includes their wait for company. */
  relaxed: boolean;
}

export interface StoreStats {
  records: number;
  batches: number;
  /** Total milliseconds spent in record commits (throughput = records / (commitMs / 1000)). */
  commitMs: number;
}

/** How a record is appended. */
export interface AppendOptions {
  /**
   * Nobody waits on this record to answer anyone (the session recorder's prompts and turn
   * ends): it is committed as durably as any other, but may wait up to RELAXED_WAIT_MS
   * (batchQueue.ts) to share its commit with the next writes. Any append that is not relaxed,
   * a read or close hands it over at once.
   */
  relaxed?: boolean;
}

/**
 * Where the audit, sessions and wire journal live. `append` is record-before-respond: it
 * resolves once the record is durably committed, and rejects if it was not.
 */
export interface AuditStore {
  readonly location: string;
  readonly stats: StoreStats;
  /** Each commit of audit records, as it finishes: how long it took and how many it wrote. */
  readonly commits: Emitter<AuditCommit>;
  append(input: AuditRecordInput, options?: AppendOptions): Promise<AuditRecord>;
  list(query?: AuditQuery): Promise<AuditRecord[]>;
  get(id: number): Promise<AuditRecord | undefined>;
  /** Every record in id order, in pages (export, verify). */
  iterate(query?: AuditQuery): AsyncIterable<AuditRecord>;
  /**
   * Appends from now on go to chain `chain` (a replica's id; '' is the default chain of a
   * single process), with its own head and lock.
   */
  useChain(chain: string): Promise<void>;
  /** The integrity of the database, every link of every chain, and each anchor found in them. */
  verify(options?: { anchors?: readonly string[] }): Promise<VerifyResult>;
  permissionRequests(query?: AuditQuery): Promise<RecordedPermission[]>;

  putSession(row: SessionRow): Promise<void>;
  updateSession(id: string, patch: SessionPatch): Promise<void>;
  getSession(id: string): Promise<SessionRow | undefined>;
  listSessions(query?: SessionQuery): Promise<SessionRow[]>;
  /** Unfinished sessions whose acpgate process died become `lost` (lostSessions.ts). */
  markLostSessions(): Promise<LostSession[]>;

  /** Not record-before-respond: the journal batches writes itself. */
  appendJournal(entries: JournalEntry[]): Promise<void>;
  listJournal(query: {
    sessionId?: string;
    afterId?: number;
    limit?: number;
  }): Promise<JournalRow[]>;
  /** Deletes journal entries older than `before` (ISO time); returns how many. */
  pruneJournal(before: string): Promise<number>;

  /** Waits for pending appends, then releases the database. */
  close(): Promise<void>;
}
