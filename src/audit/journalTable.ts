import type { JournalEntry, JournalRow } from "./auditStore.js";
import type { SqlDriver, SqlRow, SqlStatement } from "./sqlDriver.js";

const COLUMNS = "time, session_id, direction, rpc_id, method, size, sha256, truncated, message";
const ROWS_PER_INSERT = 500;
/**
 * Rows per INSERT for `left` rows still to go: 500, or the largest power of two below. The
 * driver keeps every distinct statement prepared, and a prepared ~450-row INSERT holds
 * ~0.36 MiB outside the JS heap (measured): one statement per remainder size (a timer-flushed
 * batch has any size) would grow a long-running plane by up to ~180 MiB; these are at most 10.
 */
function insertSize(left: number): number {
  return left >= ROWS_PER_INSERT ? ROWS_PER_INSERT : 2 ** Math.floor(Math.log2(left));
}
const NOT_DURABLE = { durable: false } as const;
/** The INSERT of `rows` rows (at most ten sizes, see insertSize), built once each. */
const inserts = new Map<number, string>();
function insertOf(rows: number): string {
  let sql = inserts.get(rows);
  if (sql === undefined) {
    sql = `INSERT INTO journal (${COLUMNS}) VALUES ${Array.from({ length: rows }, () => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`;
    inserts.set(rows, sql);
  }
  return sql;
}

/** The `journal` table: raw wire messages, append-only, pruned by retention. */
export class JournalTable {
  constructor(private readonly driverOf: () => SqlDriver) {}

  private get driver(): SqlDriver {
    return this.driverOf();
  }

  /**
   * Not an async function, on purpose: its frame would keep `entries` and the statements
   * alive (and promoted out of V8's young generation) until the batch is committed.
   */
  append(entries: JournalEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    const statements: SqlStatement[] = [];
    for (let i = 0; i < entries.length;) {
      const rows = insertSize(entries.length - i);
      const params: unknown[] = [];
      for (const e of entries.slice(i, i + rows))
        params.push(
          e.time,
          e.sessionId,
          e.direction,
          e.rpcId ?? null,
          e.method ?? null,
          e.size,
          e.sha256 ?? null,
          e.truncated ? 1 : 0,
          e.message,
        );
      statements.push([insertOf(rows), params]);
      i += rows;
    }
    // Not durable by design (entries still queued when the process dies are lost anyway):
    // a batch waits for no sync of its own (at 5,000 entries a batch, one fsync each).
    // Handed over whole: a worker-thread driver packs it out of these objects at once.
    return this.driver.batch(statements, NOT_DURABLE);
  }

  async list(query: {
    sessionId?: string;
    afterId?: number;
    limit?: number;
  }): Promise<JournalRow[]> {
    const clauses = ["id > ?"];
    const params: unknown[] = [query.afterId ?? 0];
    if (query.sessionId !== undefined) {
      clauses.push("session_id = ?");
      params.push(query.sessionId);
    }
    const rows = await this.driver.all(
      `SELECT id, ${COLUMNS} FROM journal WHERE ${clauses.join(" AND ")} ORDER BY id LIMIT ?`,
      [...params, query.limit ?? 1000],
    );
    return rows.map(toEntry);
  }

  async prune(before: string): Promise<number> {
    return this.driver.transaction(async (tx) => {
      const rows = await tx.all("SELECT COUNT(*) AS n FROM journal WHERE time < ?", [before]);
      await tx.run("DELETE FROM journal WHERE time < ?", [before]);
      return Number(rows[0]?.n ?? 0);
    });
  }
}

function toEntry(row: SqlRow): JournalRow {
  const entry: JournalRow = {
    id: Number(row.id),
    time: String(row.time),
    sessionId: String(row.session_id),
    direction: String(row.direction) as JournalRow["direction"],
    size: Number(row.size),
    truncated: Number(row.truncated) === 1,
    message: String(row.message),
  };
  if (row.rpc_id != null) entry.rpcId = String(row.rpc_id);
  if (row.method != null) entry.method = String(row.method);
  if (row.sha256 != null) entry.sha256 = String(row.sha256);
  return entry;
}
