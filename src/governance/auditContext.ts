import type { AuditRecordInput, AuditSurface } from "../audit/auditRecord.js";
import type { AuditStore } from "../audit/auditStore.js";
import type { Logger } from "../audit/logger.js";
import type { WireJournal } from "../audit/wireJournal.js";

/** What the session layer needs to audit: the store, the journal, and who is acting from where. */
export interface AuditContext {
  store: Pick<AuditStore, "append" | "putSession" | "updateSession">;
  journal?: WireJournal;
  surface: AuditSurface;
  /** The person or CI identity behind sessions of this plane (the token's principal for api). */
  actor: string;
  logger?: Pick<Logger, "info" | "warn" | "error">;
}

/** The fields every record of one session shares. */
export type RecordBase = Pick<AuditRecordInput, "sessionId" | "agentId" | "surface" | "actor">;
