import { ChainVerifier, type VerifyResult } from "./chainVerifier.js";
import { RECORD_COLUMNS, rowToRecord } from "./recordRows.js";
import type { SqlDriver } from "./sqlDriver.js";

/** How many of the newest records a writer re-verifies when it opens the store. */
export const TAIL_WINDOW = 1000;

/**
 * The check a writer makes before it appends (at open): every id present (the count of
 * records is the highest id), and the newest `window` records linked and matching their
 * hashes. Cheap (one count, one page of records) where `audit verify` reads everything, so
 * an edit older than the window is found only by `audit verify`.
 */
export async function checkChainTail(
  driver: SqlDriver,
  key: string | undefined,
  window = TAIL_WINDOW,
): Promise<VerifyResult> {
  const [stats] = await driver.all("SELECT COUNT(*) AS n, MAX(id) AS last FROM audit_records");
  const count = Number(stats?.n ?? 0);
  const last = Number(stats?.last ?? 0);
  if (count !== last) {
    return {
      ok: false,
      records: count,
      problem: "missing",
      reason: `${last - count} record(s) missing: ${count} records, ids up to ${last}`,
    };
  }
  const rows = await driver.all(
    `SELECT ${RECORD_COLUMNS} FROM audit_records WHERE id > ? ORDER BY id`,
    [Math.max(0, last - window)],
  );
  const records = rows.map(rowToRecord);
  const first = records[0];
  // Record 1 links to ""; a window that starts later trusts the link into its first record.
  const after = first && first.id > 1 ? { id: first.id - 1, hash: first.prevHash } : undefined;
  const verifier = new ChainVerifier({
    ...(key !== undefined ? { key } : {}),
    ...(after ? { after } : {}),
  });
  for (const record of records) if (!verifier.add(record)) break;
  return verifier.result();
}

/** SQLite reports a damaged file on the read that meets the damage. */
export function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && /^SQLITE_(CORRUPT|NOTADB)/.test(code);
}
