import type { AuditRecordInput } from "../../src/audit/auditRecord.js";

/** A record of kind `kind` as the editor proxy's recorder writes one (session ses_1). */
export function proxyRecord(kind: AuditRecordInput["kind"]): AuditRecordInput {
  return { sessionId: "ses_1", agentId: "demo", surface: "proxy", actor: "local:alice", kind };
}

/** Resolves on the next turn of the event loop. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
