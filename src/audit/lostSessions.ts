import type { AuditRecordInput, AuditSurface } from "./auditRecord.js";
import { THIS_PROCESS, type SessionOwner } from "./sessionOwner.js";
import type { SqlDriver, SqlRow } from "./sqlDriver.js";

/** States a session leaves only through its own process: left behind, they mean it died. */
export const UNFINISHED_STATES = ["starting", "ready", "prompting", "closing"] as const;

/** A session whose acpgate process died before it ended, now `lost`. */
export interface LostSession {
  id: string;
  agentId: string;
  /** The state it was left in. */
  previousState: string;
  owner: SessionOwner;
}

/**
 * Marks `lost` every unfinished session whose owner ran on this host and is gone: its pid is
 * no live process, or it is this process's pid from an earlier start (a restarted container).
 * A session owned on another host, or by a live pid, is left alone: that cannot be told from
 * here. Each is claimed in one transaction that re-checks its state, so that two processes
 * opening the store at once record it once; each claim is followed by a `session_ended`
 * record with status `lost`.
 */
export async function markLostSessions(
  driver: SqlDriver,
  append: (record: AuditRecordInput) => Promise<unknown>,
): Promise<LostSession[]> {
  const self = THIS_PROCESS;
  const marks = UNFINISHED_STATES.map(() => "?").join(", ");
  const rows = await driver.all(
    `SELECT id, agent_id, surface, actor, state, owner_pid, owner_host, owner_started_at
       FROM sessions WHERE state IN (${marks}) AND owner_host = ? AND owner_pid IS NOT NULL`,
    [...UNFINISHED_STATES, self.host],
  );
  const endedAt = new Date().toISOString();
  const lost: LostSession[] = [];
  for (const row of rows) {
    const owner = ownerOf(row);
    if (!(owner.pid > 0)) continue;
    const gone =
      owner.pid === self.pid ? owner.startedAt !== self.startedAt : !processAlive(owner.pid);
    if (!gone) continue;
    const claimed = await driver.transaction(
      async (tx) => {
        const still = await tx.all("SELECT state FROM sessions WHERE id = ? AND state = ?", [
          row.id,
          row.state,
        ]);
        if (still.length === 0) return false;
        await tx.run("UPDATE sessions SET state = ?, ended_at = ? WHERE id = ?", [
          "lost",
          endedAt,
          row.id,
        ]);
        return true;
      },
      { chainLock: true },
    );
    if (!claimed) continue;
    const session = {
      id: String(row.id),
      agentId: String(row.agent_id),
      previousState: String(row.state),
      owner,
    };
    await append({
      time: endedAt,
      sessionId: session.id,
      agentId: session.agentId,
      surface: String(row.surface) as AuditSurface,
      actor: String(row.actor),
      kind: "session_ended",
      status: "lost",
      data: {
        reason: `acpgate process ${owner.pid} on ${owner.host} ended without ending the session`,
        previousState: session.previousState,
        owner: { ...owner },
        noticedBy: { ...self },
      },
    });
    lost.push(session);
  }
  return lost;
}

function ownerOf(row: SqlRow): SessionOwner {
  return {
    pid: Number(row.owner_pid),
    host: String(row.owner_host),
    startedAt: String(row.owner_started_at ?? ""),
  };
}

/** True while `pid` is a process (EPERM: someone else's, alive all the same). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
