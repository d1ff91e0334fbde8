import type { PostgresDriver } from "../../audit/postgresDriver.js";

/** Who runs a session now, as the shared tables say. */
export type SessionRoute =
  | { kind: "owned"; replica: string; alive: boolean }
  | { kind: "lost"; replica: string; reason: string }
  | { kind: "none" };

/**
 * The leases of one replica in `replicas` and `session_leases`. Expiry is the server's
 * `now()` plus the lease timeout, renewed by `heartbeat` in one statement for all of them;
 * a lease that is not renewed in time is another replica's to reap (lostReplicaSessions.ts).
 */
export class ReplicaLeases {
  private readonly ttl: string;

  constructor(
    private readonly driver: PostgresDriver,
    readonly replicaId: string,
    leaseMs: number,
  ) {
    this.ttl = `${Math.max(1, Math.round(leaseMs))} milliseconds`;
  }

  async register(): Promise<void> {
    await this.driver.run(
      `INSERT INTO replicas (id, expires_at) VALUES (?, now() + ?::interval)
       ON CONFLICT (id) DO UPDATE SET expires_at = EXCLUDED.expires_at, started_at = now(), draining = false`,
      [this.replicaId, this.ttl],
    );
  }

  async acquire(sessionId: string): Promise<void> {
    await this.driver.run(
      `INSERT INTO session_leases (session_id, replica_id, expires_at) VALUES (?, ?, now() + ?::interval)
       ON CONFLICT (session_id) DO NOTHING`,
      [sessionId, this.replicaId, this.ttl],
    );
  }

  async release(sessionId: string): Promise<void> {
    await this.driver.run("DELETE FROM session_leases WHERE session_id = ? AND replica_id = ?", [
      sessionId,
      this.replicaId,
    ]);
  }

  /** Renews this replica and every lease it holds; returns the sessions it still holds. */
  async heartbeat(): Promise<Set<string>> {
    return this.driver.transaction(async (tx) => {
      await tx.run("UPDATE replicas SET expires_at = now() + ?::interval WHERE id = ?", [
        this.ttl,
        this.replicaId,
      ]);
      const rows = await tx.all(
        `UPDATE session_leases SET expires_at = now() + ?::interval WHERE replica_id = ? RETURNING session_id`,
        [this.ttl, this.replicaId],
      );
      return new Set(rows.map((r) => String(r.session_id)));
    });
  }

  async setDraining(): Promise<void> {
    await this.driver.run("UPDATE replicas SET draining = true WHERE id = ?", [this.replicaId]);
  }

  async unregister(): Promise<void> {
    await this.driver.run("DELETE FROM replicas WHERE id = ?", [this.replicaId]);
  }

  async routeOf(sessionId: string): Promise<SessionRoute> {
    const rows = await this.driver.all(
      `SELECT replica_id, expires_at > now() AS alive FROM session_leases WHERE session_id = ?`,
      [sessionId],
    );
    const row = rows[0];
    if (row) return { kind: "owned", replica: String(row.replica_id), alive: isTrue(row.alive) };
    const lost = await this.driver.all(
      "SELECT replica_id, reason FROM lost_sessions WHERE session_id = ?",
      [sessionId],
    );
    const gone = lost[0];
    if (gone)
      return { kind: "lost", replica: String(gone.replica_id), reason: String(gone.reason) };
    return { kind: "none" };
  }

  /** True while `replica` is registered and its lease on the replica row has not expired. */
  async replicaAlive(replica: string): Promise<boolean> {
    const rows = await this.driver.all(
      "SELECT 1 AS alive FROM replicas WHERE id = ? AND expires_at > now()",
      [replica],
    );
    return rows.length > 0;
  }
}

function isTrue(value: unknown): boolean {
  return value === true || value === "t" || value === "true" || value === 1;
}
