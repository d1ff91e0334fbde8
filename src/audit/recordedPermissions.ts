import type { AuditQuery, AuditRecord } from "./auditRecord.js";
import type { RecordedPermission } from "./auditStore.js";

/** Each `permission_asked` record with the `permission_decided` of the same request, if any. */
export async function recordedPermissions(
  iterate: (query: AuditQuery) => AsyncIterable<AuditRecord>,
  query: AuditQuery,
): Promise<RecordedPermission[]> {
  const asked: AuditRecord[] = [];
  for await (const r of iterate({ ...query, kind: "permission_asked" })) asked.push(r);
  const decided = new Map<string, AuditRecord>();
  for await (const r of iterate({ ...query, kind: "permission_decided" })) {
    if (r.requestId) decided.set(`${r.sessionId}\u0000${r.requestId}`, r);
  }
  return asked.map((a) => ({
    asked: a,
    decided: decided.get(`${a.sessionId}\u0000${a.requestId ?? ""}`),
  }));
}
