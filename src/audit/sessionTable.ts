import type { SessionPatch, SessionQuery, SessionRow } from "./auditStore.js";
import { THIS_PROCESS } from "./sessionOwner.js";
import type { SqlDriver, SqlRow } from "./sqlDriver.js";

/** Each field of a row and its column, in insert order. */
const FIELDS = {
  id: "id",
  agentId: "agent_id",
  cwd: "cwd",
  state: "state",
  surface: "surface",
  actor: "actor",
  createdAt: "created_at",
  endedAt: "ended_at",
  stopReason: "stop_reason",
  agentSessionId: "agent_session_id",
  name: "name",
  policy: "policy",
  environment: "environment",
  mode: "mode",
  turns: "turns",
  resumedFrom: "resumed_from",
} as const satisfies Record<keyof SessionRow, string>;

const KEYS = Object.keys(FIELDS) as (keyof SessionRow)[];
const COLUMNS = KEYS.map((k) => FIELDS[k]);
const FILTERS = ["name", "agentId", "agentSessionId"] as const;

/** Who runs the session: this process (lostSessions.ts reads them; rows never show them). */
const OWNER_COLUMNS = ["owner_pid", "owner_host", "owner_started_at"];
const PLACEHOLDERS = [...COLUMNS, ...OWNER_COLUMNS].map(() => "?").join(", ");

/**
 * Row writes commit without a sync of their own (as the wire journal's do): SQLite's WAL keeps
 * them in order, so the next durable commit — the session's next audit record, and the record
 * that ends it comes after its last row update — syncs them too. A crash of the process loses
 * none; a crash of the machine can leave a row a state behind its records, never ahead.
 * A one-shot `run` makes ~9 row writes: each was an fsync of its own.
 */
const NOT_DURABLE = { durable: false } as const;

/** The `sessions` table: one row per session, updated as it moves; never deleted. */
export class SessionTable {
  constructor(private readonly driverOf: () => SqlDriver) {}

  private get driver(): SqlDriver {
    return this.driverOf();
  }

  // One `batch` each (a transaction of its own, handed over at once): to a worker-thread
  // driver one message, where a transaction is a round trip per statement. A turn makes four.
  async put(row: SessionRow): Promise<void> {
    await this.driver.batch(
      [
        ["DELETE FROM sessions WHERE id = ?", [row.id]],
        [
          `INSERT INTO sessions (${[...COLUMNS, ...OWNER_COLUMNS].join(", ")}) VALUES (${PLACEHOLDERS})`,
          [
            ...KEYS.map((k) => row[k] ?? null),
            THIS_PROCESS.pid,
            THIS_PROCESS.host,
            THIS_PROCESS.startedAt,
          ],
        ],
      ],
      NOT_DURABLE,
    );
  }

  async update(id: string, patch: SessionPatch): Promise<void> {
    const keys = (Object.keys(patch) as (keyof SessionPatch)[]).filter(
      (k) => patch[k] !== undefined,
    );
    if (keys.length === 0) return;
    await this.driver.batch(
      [
        [
          `UPDATE sessions SET ${keys.map((k) => `${FIELDS[k]} = ?`).join(", ")} WHERE id = ?${stillOpen(patch)}`,
          [...keys.map((k) => patch[k]), id],
        ],
      ],
      NOT_DURABLE,
    );
  }

  // Rows are read with `*`: a reader that may not migrate (read-only commands) can meet a
  // database an older acpgate wrote, whose rows simply lack the newer fields.
  async get(id: string): Promise<SessionRow | undefined> {
    const rows = await this.driver.all(`SELECT * FROM sessions WHERE id = ?`, [id]);
    return rows[0] ? toSession(rows[0]) : undefined;
  }

  async list(query: SessionQuery = {}): Promise<SessionRow[]> {
    const given = FILTERS.filter((k) => query[k] !== undefined);
    const where = given.length ? `WHERE ${given.map((k) => `${FIELDS[k]} = ?`).join(" AND ")}` : "";
    const order = query.newestFirst ? "DESC" : "ASC";
    const limit = query.limit !== undefined ? `LIMIT ${Math.max(0, Math.floor(query.limit))}` : "";
    const rows = await this.driver.all(
      `SELECT * FROM sessions ${where} ORDER BY created_at ${order}, id ${order} ${limit}`,
      given.map((k) => query[k]),
    );
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
  for (const key of KEYS) {
    const value = row[FIELDS[key]];
    if (key in session || value == null) continue;
    if (key === "turns") session.turns = Number(value);
    else (session as unknown as Record<string, string>)[key] = String(value);
  }
  return session;
}

const FINAL_STATES = new Set(["closed", "failed"]);

/**
 * A pool (PostgreSQL) commits a session's row updates in any order: the update that moves
 * it to a state before its end applies only while the row has not ended, so that a late
 * `closing` never overwrites `closed`.
 */
function stillOpen(patch: SessionPatch): string {
  return patch.state !== undefined && !FINAL_STATES.has(patch.state)
    ? " AND state NOT IN ('closed', 'failed')"
    : "";
}
