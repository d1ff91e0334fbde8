import { RECORD_ID_SEQUENCE, type Dialect } from "./migrations.js";
import type { SqlExecutor } from "./sqlDriver.js";

/**
 * `n` new audit record ids, ascending, inside the appending transaction. PostgreSQL: from a
 * sequence, so that writers of different chains (replicas) never wait on one another; a
 * rolled-back batch leaves a gap in ids, never in a chain. SQLite: the next ids after the
 * highest, under its one write lock.
 */
export async function newRecordIds(
  tx: SqlExecutor,
  dialect: Dialect,
  n: number,
): Promise<number[]> {
  if (dialect === "postgres") {
    const rows = await tx.all(
      `SELECT nextval('${RECORD_ID_SEQUENCE}') AS id FROM generate_series(1, ?)`,
      [n],
    );
    return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  }
  const top = Number((await tx.all("SELECT MAX(id) AS id FROM audit_records"))[0]?.id ?? 0);
  return Array.from({ length: n }, (_, i) => top + i + 1);
}
