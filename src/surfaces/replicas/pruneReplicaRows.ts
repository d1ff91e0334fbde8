import type { PostgresDriver } from "../../audit/postgresDriver.js";

/** A forwarded request nobody collected in this long is gone (its sender gave up long ago). */
const STALE_REQUESTS = "1 hour";

/**
 * What replicas leave behind, deleted when one starts: the events, lost-session notes and
 * undelivered approvals of sessions that ended more than `retentionDays` ago (the audit's
 * journal retention), and forwarded requests nobody collected. The audit itself is kept.
 */
export async function pruneReplicaRows(
  driver: PostgresDriver,
  retentionDays: number,
): Promise<void> {
  const before = new Date(Date.now() - retentionDays * 86_400_000).toISOString();
  const ended = "SELECT id FROM sessions WHERE ended_at IS NOT NULL AND ended_at < ?";
  await driver.run(`DELETE FROM session_events WHERE session_id IN (${ended})`, [before]);
  await driver.run(`DELETE FROM lost_sessions WHERE session_id IN (${ended})`, [before]);
  await driver.run(`DELETE FROM pending_approvals WHERE session_id IN (${ended})`, [before]);
  await driver.run(
    `DELETE FROM replica_requests WHERE created_at < now() - interval '${STALE_REQUESTS}'`,
  );
}
