/** The two SQL dialects one migration history is written for. */
export type Dialect = "sqlite" | "postgres";

export interface Migration {
  version: number;
  name: string;
  /** Statements, in order. Written once; the few dialect differences are looked up here. */
  statements(d: DialectWords): string[];
}

export interface DialectWords {
  /** An auto-numbered 64-bit primary key column. */
  autoId: string;
}

export const DIALECT_WORDS: Record<Dialect, DialectWords> = {
  sqlite: { autoId: "INTEGER PRIMARY KEY AUTOINCREMENT" },
  postgres: { autoId: "BIGSERIAL PRIMARY KEY" },
};

/**
 * The one migration history both stores apply, in order, each in its own transaction,
 * recorded in `schema_migrations`. Never edit a released migration: add one.
 * Times are ISO-8601 UTC text in both dialects, so that they compare and export alike.
 */
export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: "audit records, sessions, wire journal",
    statements: (d) => [
      `CREATE TABLE audit_records (
        id BIGINT PRIMARY KEY,
        time TEXT NOT NULL,
        session_id TEXT NOT NULL,
        agent_id TEXT NOT NULL,
        surface TEXT NOT NULL,
        actor TEXT NOT NULL,
        kind TEXT NOT NULL,
        request_id TEXT,
        tool TEXT,
        decision TEXT,
        diff TEXT,
        status TEXT,
        data TEXT,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
      )`,
      `CREATE INDEX audit_records_session ON audit_records (session_id, id)`,
      `CREATE INDEX audit_records_kind ON audit_records (kind, id)`,
      `CREATE INDEX audit_records_time ON audit_records (time)`,
      `CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        agent_id TEXT NOT NULL,
        cwd TEXT NOT NULL,
        state TEXT NOT NULL,
        surface TEXT NOT NULL,
        actor TEXT NOT NULL,
        created_at TEXT NOT NULL,
        ended_at TEXT,
        stop_reason TEXT,
        agent_session_id TEXT
      )`,
      `CREATE TABLE journal (
        id ${d.autoId},
        time TEXT NOT NULL,
        session_id TEXT NOT NULL,
        direction TEXT NOT NULL,
        rpc_id TEXT,
        method TEXT,
        size INTEGER NOT NULL,
        sha256 TEXT,
        truncated INTEGER NOT NULL,
        message TEXT NOT NULL
      )`,
      `CREATE INDEX journal_session ON journal (session_id, direction, rpc_id)`,
      `CREATE INDEX journal_time ON journal (time)`,
    ],
  },
  {
    version: 2,
    name: "session owners (the acpgate process running each session), for lost sessions",
    statements: () => [
      `ALTER TABLE sessions ADD COLUMN owner_pid INTEGER`,
      `ALTER TABLE sessions ADD COLUMN owner_host TEXT`,
      `ALTER TABLE sessions ADD COLUMN owner_started_at TEXT`,
      `CREATE INDEX sessions_state ON sessions (state)`,
    ],
  },
  {
    version: 3,
    name: "sessions: name, policy, environment, mode, turns, resumed from",
    // What `acpgate run --resume` needs to continue a session as it was: the agent session
    // is found by (agent_id, agent_session_id); a name is unique (NULLs are not compared).
    statements: () => [
      `ALTER TABLE sessions ADD COLUMN name TEXT`,
      `ALTER TABLE sessions ADD COLUMN policy TEXT`,
      `ALTER TABLE sessions ADD COLUMN environment TEXT`,
      `ALTER TABLE sessions ADD COLUMN mode TEXT`,
      `ALTER TABLE sessions ADD COLUMN turns INTEGER`,
      `ALTER TABLE sessions ADD COLUMN resumed_from TEXT`,
      `CREATE UNIQUE INDEX sessions_name ON sessions (name)`,
      `CREATE INDEX sessions_agent_session ON sessions (agent_id, agent_session_id)`,
    ],
  },
];

export const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at TEXT NOT NULL
)`;
