import { RECORD_ID_SEQUENCE, type Dialect } from "./migrations.js";
import type { SqlSteps } from "./sqlDriver.js";

/**
 * The statements that take `n` new audit record ids, ascending, inside the appending
 * transaction (linkedAppend.ts). PostgreSQL: from a
 * sequence, so that writers of different chains (replicas) never wait on one another; a
 * rolled-back batch leaves a gap in ids, never in a chain. SQLite: the next ids after the
 * highest, under its one write lock.
 */
export function* recordIdSteps(dialect: Dialect, n: number): SqlSteps<number[]> {
  if (dialect === "postgres") {
    const rows = yield {
      op: "all",
      sql: `SELECT nextval('${RECORD_ID_SEQUENCE}') AS id FROM generate_series(1, ?)`,
      params: [n],
    };
    return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  }
  const rows = yield { op: "all", sql: "SELECT MAX(id) AS id FROM audit_records", params: [] };
  const top = Number(rows[0]?.id ?? 0);
  return Array.from({ length: n }, (_, i) => top + i + 1);
}
