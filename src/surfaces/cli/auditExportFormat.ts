import type { AuditRecord } from "../../audit/auditRecord.js";

/** Version tag of `audit export --format jsonl` lines; not part of the record's hash. */
export const AUDIT_EXPORT_SCHEMA = "acpgate.audit.v1";

/** One export line: the schema tag, then the record's fields in a fixed, documented order. */
export function exportLine(record: AuditRecord): string {
  const ordered = {
    schema: AUDIT_EXPORT_SCHEMA,
    id: record.id,
    time: record.time,
    sessionId: record.sessionId,
    agentId: record.agentId,
    surface: record.surface,
    actor: record.actor,
    kind: record.kind,
    requestId: record.requestId,
    tool: record.tool,
    decision: record.decision,
    diff: record.diff,
    status: record.status,
    data: record.data,
    prevHash: record.prevHash,
    hash: record.hash,
  };
  return JSON.stringify(ordered);
}
