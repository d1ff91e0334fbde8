/** The two SQL dialects one migration history is written for. */
export type Dialect = "sqlite" | "postgres";

export interface Migration {
  version: number;
  name: string;
  /** Statements, in order. Written once; the few dialect differences are looked up here. */
  statements(d: DialectWords): string[];
}

export interface DialectWords {
  dialect: Dialect;
  /** An auto-numbered 64-bit primary key column. */
  autoId: string;
}

export const DIALECT_WORDS: Record<Dialect, DialectWords> = {
  sqlite: { dialect: "sqlite", autoId: "INTEGER PRIMARY KEY AUTOINCREMENT" },
  postgres: { dialect: "postgres", autoId: "BIGSERIAL PRIMARY KEY" },
};

/** The migration that gives records a chain and a position in it. */
export const CHAINS_MIGRATION = 4;

/** PostgreSQL: where record ids come from once chains are written concurrently (migration 4). */
export const RECORD_ID_SEQUENCE = "audit_record_ids";

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
  {
    version: 4,
    name: "audit chains: a chain id and a position in it for every record (a chain per replica)",
    // Every record written before is in the default chain '' at the position of its id, so
    // its hash (which covers neither field) still verifies. Record ids stay unique across
    // chains: PostgreSQL takes them from a sequence (replicas append without waiting on each
    // other), SQLite has one writer at a time and keeps MAX(id) + 1.
    statements: (d) => [
      `ALTER TABLE audit_records ADD COLUMN chain TEXT NOT NULL DEFAULT ''`,
      `ALTER TABLE audit_records ADD COLUMN seq BIGINT NOT NULL DEFAULT 0`,
      `UPDATE audit_records SET seq = id`,
      `CREATE UNIQUE INDEX audit_records_chain_seq ON audit_records (chain, seq)`,
      ...(d.dialect === "postgres"
        ? [
            `CREATE SEQUENCE ${RECORD_ID_SEQUENCE}`,
            `SELECT setval('${RECORD_ID_SEQUENCE}', (SELECT COALESCE(MAX(id), 0) FROM audit_records) + 1, false)`,
          ]
        : []),
    ],
  },
  {
    version: 5,
    name: "journal runs: a row may hold consecutive notifications of one method, one per line",
    // Every row written before holds one message. A run's `message` is its messages'
    // texts, one per line (NDJSON), its `size` their bytes; journalTable.ts.
    statements: () => [`ALTER TABLE journal ADD COLUMN messages INTEGER NOT NULL DEFAULT 1`],
  },
  {
    version: 6,
    name: "journal runs stored factored: what every line of a run begins and ends with, once",
    // Every row written before has neither (NULL): its lines are its messages. A run with
    // both stores each message's middle, one per line; lineAffix.ts, journalTable.ts.
    statements: () => [
      `ALTER TABLE journal ADD COLUMN line_prefix TEXT`,
      `ALTER TABLE journal ADD COLUMN line_suffix TEXT`,
    ],
  },
];

export const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at TEXT NOT NULL
)`;
