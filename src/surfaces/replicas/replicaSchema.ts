import type { SqlDriver } from "../../audit/sqlDriver.js";

/** Serialises replicas creating the tables at once (CREATE … IF NOT EXISTS races otherwise). */
const SCHEMA_LOCK_KEY = 0x61637072; // "acpr"

/**
 * The tables replicas share, beside the audit's own (PostgreSQL only; SQLite never has
 * replicas). Idempotent: every replica runs it at start. Times are the server's `now()`,
 * so that no replica's clock decides whether a lease has expired.
 */
const STATEMENTS = [
  // One row per live replica, renewed with its leases.
  `CREATE TABLE IF NOT EXISTS replicas (
    id TEXT PRIMARY KEY,
    started_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at TIMESTAMPTZ NOT NULL,
    draining BOOLEAN NOT NULL DEFAULT false
  )`,
  // The replica running each live session's agent. Deleted when the session ends.
  `CREATE TABLE IF NOT EXISTS session_leases (
    session_id TEXT PRIMARY KEY,
    replica_id TEXT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS session_leases_replica ON session_leases (replica_id)`,
  `CREATE INDEX IF NOT EXISTS session_leases_expiry ON session_leases (expires_at)`,
  // Every event of every session, the event id being the per-session sequence number.
  `CREATE TABLE IF NOT EXISTS session_events (
    session_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (session_id, seq)
  )`,
  // Requests for a session owned by another replica: the row is the payload, NOTIFY the wake-up.
  `CREATE TABLE IF NOT EXISTS replica_requests (
    id BIGSERIAL PRIMARY KEY,
    replica_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    request TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    claimed_at TIMESTAMPTZ,
    answer TEXT
  )`,
  `CREATE INDEX IF NOT EXISTS replica_requests_open ON replica_requests (replica_id, id) WHERE claimed_at IS NULL`,
  // Permission requests and agents' questions waiting for a person, on whichever replica
  // holds the session (kind: approval or question).
  `CREATE TABLE IF NOT EXISTS pending_approvals (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    session_id TEXT NOT NULL,
    replica_id TEXT NOT NULL,
    approval TEXT NOT NULL,
    state TEXT NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS pending_approvals_session ON pending_approvals (session_id)`,
  // Sessions another replica found with an expired lease: why they failed.
  `CREATE TABLE IF NOT EXISTS lost_sessions (
    session_id TEXT PRIMARY KEY,
    replica_id TEXT NOT NULL,
    noticed_by TEXT NOT NULL,
    reason TEXT NOT NULL,
    at TIMESTAMPTZ NOT NULL DEFAULT now()
  )`,
];

export async function ensureReplicaSchema(driver: SqlDriver): Promise<void> {
  await driver.transaction(async (tx) => {
    await tx.run(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK_KEY})`);
    for (const statement of STATEMENTS) await tx.run(statement);
  });
}
