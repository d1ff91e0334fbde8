import type {
  AuditKind,
  AuditQuery,
  AuditRecord,
  AuditRecordInput,
  AuditSurface,
} from "./auditRecord.js";
import type { SqlRow, SqlSteps } from "./sqlDriver.js";

export const RECORD_COLUMNS =
  "id, time, session_id, agent_id, surface, actor, kind, request_id, tool, decision, diff, status, data, prev_hash, hash, chain, seq";

/** The columns of a database no writer has migrated to chains yet (read by read-only commands). */
export const RECORDS_BEFORE_CHAINS = RECORD_COLUMNS.replace(", chain, seq", "");

/** PostgreSQL allows 65535 parameters per statement; 17 columns a record. */
const ROWS_PER_INSERT = 500;
const PLACEHOLDERS = `(${RECORD_COLUMNS.split(",")
  .map(() => "?")
  .join(", ")})`;

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
    record.chain ?? "",
    record.seq ?? record.id,
  ];
}

/**
 * The chain fields a record carries, and so hashes: `chain` unless it is the default '',
 * `seq` unless it equals the id (every record written before chains existed). Used both
 * when a record is linked and when it is read back, so the two always agree.
 */
export function chainFields(
  chain: string,
  seq: number,
  id: number,
): { chain?: string; seq?: number } {
  return {
    ...(chain !== "" ? { chain } : {}),
    ...(chain !== "" || seq !== id ? { seq } : {}),
  };
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
    ...chainFields(String(row.chain ?? ""), Number(row.seq ?? row.id), Number(row.id)),
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

/** The statements that insert `records` (linkedAppend.ts). */
export function* insertSteps(records: AuditRecord[]): SqlSteps<void> {
  for (let i = 0; i < records.length; i += ROWS_PER_INSERT) {
    const chunk = records.slice(i, i + ROWS_PER_INSERT);
    yield {
      op: "run",
      sql: `INSERT INTO audit_records (${RECORD_COLUMNS}) VALUES ${chunk.map(() => PLACEHOLDERS).join(", ")}`,
      params: chunk.flatMap(recordValues),
    };
  }
}

/** WHERE clause and parameters of a query (id order is the caller's). */
export function whereOf(query: AuditQuery): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (query.sessionId !== undefined) {
    clauses.push("session_id = ?");
    params.push(query.sessionId);
  }
  if (query.kind !== undefined) {
    clauses.push("kind = ?");
    params.push(query.kind);
  }
  if (query.since !== undefined) {
    clauses.push("time >= ?");
    params.push(query.since);
  }
  if (query.afterId !== undefined) {
    clauses.push("id > ?");
    params.push(query.afterId);
  }
  return { where: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", params };
}
