import type { SessionPatch, SessionRow } from "./auditStore.js";
import { THIS_PROCESS } from "./sessionOwner.js";
import type { SqlDriver, SqlRow } from "./sqlDriver.js";

const COLUMNS =
  "id, agent_id, cwd, state, surface, actor, created_at, ended_at, stop_reason, agent_session_id";

const PATCH_COLUMNS: Record<keyof SessionPatch, string> = {
  state: "state",
  endedAt: "ended_at",
  stopReason: "stop_reason",
  agentSessionId: "agent_session_id",
};

/** Who runs the session: this process (lostSessions.ts reads them; rows never show them). */
const OWNER_COLUMNS = "owner_pid, owner_host, owner_started_at";

/** The `sessions` table: one row per session, updated as it moves; never deleted. */
export class SessionTable {
  constructor(private readonly driverOf: () => SqlDriver) {}

  private get driver(): SqlDriver {
    return this.driverOf();
  }

  async put(row: SessionRow): Promise<void> {
    await this.driver.transaction(async (tx) => {
      await tx.run("DELETE FROM sessions WHERE id = ?", [row.id]);
      await tx.run(
        `INSERT INTO sessions (${COLUMNS}, ${OWNER_COLUMNS}) VALUES (${"?, ".repeat(12)}?)`,
        [
          row.id,
          row.agentId,
          row.cwd,
          row.state,
          row.surface,
          row.actor,
          row.createdAt,
          row.endedAt ?? null,
          row.stopReason ?? null,
          row.agentSessionId ?? null,
          THIS_PROCESS.pid,
          THIS_PROCESS.host,
          THIS_PROCESS.startedAt,
        ],
      );
    });
  }

  async update(id: string, patch: SessionPatch): Promise<void> {
    const keys = (Object.keys(patch) as (keyof SessionPatch)[]).filter(
      (k) => patch[k] !== undefined,
    );
    if (keys.length === 0) return;
    await this.driver.transaction(async (tx) =>
      tx.run(
        `UPDATE sessions SET ${keys.map((k) => `${PATCH_COLUMNS[k]} = ?`).join(", ")} WHERE id = ?`,
        [...keys.map((k) => patch[k]), id],
      ),
    );
  }

  async get(id: string): Promise<SessionRow | undefined> {
    const rows = await this.driver.all(`SELECT ${COLUMNS} FROM sessions WHERE id = ?`, [id]);
    return rows[0] ? toSession(rows[0]) : undefined;
  }

  async list(): Promise<SessionRow[]> {
    const rows = await this.driver.all(`SELECT ${COLUMNS} FROM sessions ORDER BY created_at, id`);
    return rows.map(toSession);
  }
}

function toSession(row: SqlRow): SessionRow {
  const session: SessionRow = {
    id: String(row.id),
    agentId: String(row.agent_id),
    cwd: String(row.cwd),
    state: String(row.state),
    surface: String(row.surface) as SessionRow["surface"],
    actor: String(row.actor),
    createdAt: String(row.created_at),
  };
  if (row.ended_at != null) session.endedAt = String(row.ended_at);
  if (row.stop_reason != null) session.stopReason = String(row.stop_reason);
  if (row.agent_session_id != null) session.agentSessionId = String(row.agent_session_id);
  return session;
}
