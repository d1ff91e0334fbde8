/** What happened, one word. Stable: exported and documented in docs/audit.md. */
export const AUDIT_KINDS = [
  "session_started",
  "session_ended",
  "prompt",
  "turn_ended",
  "permission_asked",
  "permission_decided",
  "fs_read",
  "fs_write",
  "terminal",
  "tool_outcome",
  "mode_change",
  "promotion",
  "extension",
  "capability_refusal",
  "protected_path_changed",
  "network_request",
  "mcp_server_withheld",
  "agent_crash",
  "error",
] as const;

export type AuditKind = (typeof AUDIT_KINDS)[number];

/** Where the session was reached from. */
export type AuditSurface = "cli" | "api" | "proxy";

/** The tool a record is about: what the agent wanted to touch. */
export interface AuditTool {
  toolCallId?: string;
  title?: string;
  /** The kind the agent claimed. */
  kind?: string;
  /** Every kind policy judged it as (permission requests). */
  kinds?: string[];
  paths?: string[];
  command?: string;
}

/** A decision with who made it: a rule (`actor: policy`) or a person (`approver`). */
export interface AuditDecision {
  outcome: "allow" | "reject" | "cancelled";
  ruleId?: string;
  approver?: string;
  reason: string;
  optionKind?: string;
  scope?: "once" | "always";
}

/**
 * An edit as a unified diff with context, bounded per hunk: hunks that fit are in `text`,
 * larger ones are in `omitted` as position, hash and size.
 */
export interface AuditDiff {
  /** The file header and every hunk kept; absent when no hunk could be kept. */
  text?: string;
  /** Of the whole unified diff, kept hunks and omitted ones. */
  sha256: string;
  bytes: number;
  /** True when `text` is not the whole diff (see `omitted`). */
  truncated: boolean;
  /** Hunks left out of `text` for their size, in file order. */
  omitted?: AuditDiffHunk[];
}

/** A hunk kept as position, hash and size only (its `@@` line and body, hashed as in the diff). */
export interface AuditDiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  sha256: string;
  bytes: number;
}

/** What a caller hands to `append`; the store adds id, hashes and (if missing) time. */
export interface AuditRecordInput {
  time?: string;
  sessionId: string;
  agentId: string;
  surface: AuditSurface;
  /** The token's principal, the CI identity, or `policy` for automatic decisions. */
  actor: string;
  kind: AuditKind;
  /** Correlates asked/decided pairs and two-phase fs/terminal records. */
  requestId?: string;
  tool?: AuditTool;
  decision?: AuditDecision;
  diff?: AuditDiff;
  /** Tool or operation outcome: requested, completed, failed, refused, … */
  status?: string;
  /** Kind-specific details (the full permission request for replay, prompt text, …). */
  data?: Record<string, unknown>;
}

/**
 * A committed record. `id` is unique in the database and grows with commit order within a
 * chain. A record of the default chain '' (one process, or SQLite) carries neither `chain`
 * nor `seq` while its position is its id, exactly as before chains existed.
 */
export interface AuditRecord extends AuditRecordInput {
  id: number;
  time: string;
  /** The chain the record is linked in: the replica id that wrote it; absent for ''. */
  chain?: string;
  /** Position in its chain (1, 2, …); absent when it equals `id` (the default chain). */
  seq?: number;
  /** Hash of the previous record ("" for the first). */
  prevHash: string;
  /** sha256 over the canonical JSON of this record without `hash`, plus `prevHash`. */
  hash: string;
}

export interface AuditQuery {
  sessionId?: string;
  kind?: AuditKind;
  /** ISO time: records at or after. */
  since?: string;
  /** Records with id greater than this. */
  afterId?: number;
  limit?: number;
}

export function isAuditKind(value: string): value is AuditKind {
  return (AUDIT_KINDS as readonly string[]).includes(value);
}
