import type { AuditRecord, AuditRecordInput, AuditSurface, AuditKind } from "./auditRecord.js";
import type { SqlRow } from "./sqlDriver.js";

export const RECORD_COLUMNS =
  "id, time, session_id, agent_id, surface, actor, kind, request_id, tool, decision, diff, status, data, prev_hash, hash";

/** Column values in RECORD_COLUMNS order. Objects are stored as JSON text. */
export function recordValues(record: AuditRecord): unknown[] {
  return [
    record.id,
    record.time,
    record.sessionId,
    record.agentId,
    record.surface,
    record.actor,
    record.kind,
    record.requestId ?? null,
    json(record.tool),
    json(record.decision),
    json(record.diff),
    record.status ?? null,
    json(record.data),
    record.prevHash,
    record.hash,
  ];
}

/** The record exactly as hashed: absent optional fields stay absent. */
export function rowToRecord(row: SqlRow): AuditRecord {
  const record: AuditRecord = {
    id: Number(row.id),
    time: String(row.time),
    sessionId: String(row.session_id),
    agentId: String(row.agent_id),
    surface: String(row.surface) as AuditSurface,
    actor: String(row.actor),
    kind: String(row.kind) as AuditKind,
    prevHash: String(row.prev_hash),
    hash: String(row.hash),
  };
  if (row.request_id != null) record.requestId = String(row.request_id);
  if (row.tool != null) record.tool = parse(row.tool) as AuditRecordInput["tool"];
  if (row.decision != null) record.decision = parse(row.decision) as AuditRecordInput["decision"];
  if (row.diff != null) record.diff = parse(row.diff) as AuditRecordInput["diff"];
  if (row.status != null) record.status = String(row.status);
  if (row.data != null) record.data = parse(row.data) as AuditRecordInput["data"];
  return record;
}

function json(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

function parse(value: unknown): unknown {
  try {
    return JSON.parse(String(value));
  } catch {
    // An edited, unparsable cell: keep the text so that verify reports a hash mismatch.
    return String(value);
  }
}
