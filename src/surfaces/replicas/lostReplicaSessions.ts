import type { AuditRecordInput, AuditSurface } from "../../audit/auditRecord.js";
import type { PostgresDriver } from "../../audit/postgresDriver.js";
import { EVENT_SCHEMA } from "../../sessions/events.js";
import { EVENTS_CHANNEL } from "./eventShipper.js";

/** The reason a session whose replica died ends with (event, audit, API). */
export const REPLICA_LOST = "replica_lost";

export interface ReapedSession {
  sessionId: string;
  replica: string;
  /** Permission requests that were waiting for a person: never delivered to the agent. */
  undelivered: number;
}

const UNFINISHED = ["starting", "ready", "prompting", "closing"];

/**
 * Claims every expired lease (`FOR UPDATE SKIP LOCKED`: two replicas reaping at once take
 * different rows) and, in the same transaction, fails its session: the row becomes
 * `failed`, `lost_sessions` says why, a final `session_state` event (next sequence number)
 * ends every stream of it, and its pending approvals become `not_delivered`. After the
 * commit, the audit gets `session_ended` (status failed, reason replica_lost) and, for each
 * permission request nobody answered, a `permission_decided` with status `not_delivered`.
 * The agent is never started again elsewhere: its process died with its replica (its group
 * watchdog) or is ended by that replica when it finds its lease gone.
 */
export async function reapLostSessions(
  driver: PostgresDriver,
  noticedBy: string,
  append: (record: AuditRecordInput) => Promise<unknown>,
): Promise<ReapedSession[]> {
  const reaped: { session: ReapedSession; records: AuditRecordInput[] }[] = [];
  await driver.transaction(async (tx) => {
    const leases = await tx.all(
      `DELETE FROM session_leases WHERE session_id IN (
         SELECT session_id FROM session_leases WHERE expires_at < now()
         ORDER BY session_id LIMIT 200 FOR UPDATE SKIP LOCKED)
       RETURNING session_id, replica_id`,
    );
    const now = new Date().toISOString();
    for (const lease of leases) {
      const sessionId = String(lease.session_id);
      const replica = String(lease.replica_id);
      const rows = await tx.all(
        "SELECT agent_id, surface, actor, state FROM sessions WHERE id = ? FOR UPDATE",
        [sessionId],
      );
      const row = rows[0];
      const pending = await tx.all(
        `UPDATE pending_approvals SET state = 'not_delivered'
          WHERE session_id = ? AND state = 'pending' RETURNING kind, approval`,
        [sessionId],
      );
      const approvals = pending.filter((p) => p.kind === "approval");
      if (!row || !UNFINISHED.includes(String(row.state))) continue;
      const reason = `replica '${replica}' stopped renewing its lease (noticed by '${noticedBy}')`;
      await tx.run("UPDATE sessions SET state = 'failed', ended_at = ? WHERE id = ?", [
        now,
        sessionId,
      ]);
      await tx.run(
        `INSERT INTO lost_sessions (session_id, replica_id, noticed_by, reason) VALUES (?, ?, ?, ?)
         ON CONFLICT DO NOTHING`,
        [sessionId, replica, noticedBy, REPLICA_LOST],
      );
      const last = await tx.all(
        "SELECT COALESCE(MAX(seq), 0) AS seq FROM session_events WHERE session_id = ?",
        [sessionId],
      );
      const event = {
        schema: EVENT_SCHEMA,
        seq: Number(last[0]?.seq ?? 0) + 1,
        time: now,
        sessionId,
        type: "session_state",
        state: "failed",
        previous: String(row.state),
        reason: REPLICA_LOST,
      };
      await tx.run("INSERT INTO session_events (session_id, seq, event) VALUES (?, ?, ?)", [
        sessionId,
        event.seq,
        JSON.stringify(event),
      ]);
      await tx.run(`SELECT pg_notify('${EVENTS_CHANNEL}', ?)`, [sessionId]);
      const base = {
        time: now,
        sessionId,
        agentId: String(row.agent_id),
        surface: String(row.surface) as AuditSurface,
      };
      const records: AuditRecordInput[] = approvals.map((a) => {
        const approval = JSON.parse(String(a.approval)) as {
          id: string;
          permissionRequestId?: string;
        };
        return {
          ...base,
          actor: `replica:${noticedBy}`,
          kind: "permission_decided",
          ...(approval.permissionRequestId ? { requestId: approval.permissionRequestId } : {}),
          status: "not_delivered",
          decision: { outcome: "cancelled", reason: `not delivered: ${reason}` },
          data: { approvalId: approval.id, reason: REPLICA_LOST, replica },
        };
      });
      records.push({
        ...base,
        actor: String(row.actor),
        kind: "session_ended",
        status: "failed",
        data: { reason: REPLICA_LOST, detail: reason, replica, noticedBy },
      });
      reaped.push({ session: { sessionId, replica, undelivered: approvals.length }, records });
    }
  });
  for (const { records } of reaped) for (const record of records) await append(record);
  return reaped.map((r) => r.session);
}
