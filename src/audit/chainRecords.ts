import type { AuditRecord } from "./auditRecord.js";
import { RECORD_COLUMNS, rowToRecord } from "./recordRows.js";
import type { SqlDriver } from "./sqlDriver.js";
import type { ChainRecords } from "./verifyDatabase.js";

/**
 * One chain's records in chain order, paged by position: a chain's records commit in
 * position order (its lock), so a page never skips one committed late, as paging by id
 * could while other chains commit ids out of order.
 */
export async function* chainRecords(
  driver: SqlDriver,
  chain: string,
  page: number,
): AsyncIterable<AuditRecord> {
  let after = 0;
  for (;;) {
    const rows = await driver.all(
      `SELECT ${RECORD_COLUMNS} FROM audit_records WHERE chain = ? AND seq > ? ORDER BY seq LIMIT ?`,
      [chain, after, page],
    );
    yield* rows.map(rowToRecord);
    const last = rows[rows.length - 1];
    if (!last || rows.length < page) return;
    after = Number(last.seq);
  }
}

/** Every chain of the database (one per replica), each read in chain order. */
export async function everyChain(driver: SqlDriver, page: number): Promise<ChainRecords[]> {
  const chains = await driver.all("SELECT DISTINCT chain FROM audit_records ORDER BY chain");
  return chains.map((row) => ({
    chain: String(row.chain),
    records: chainRecords(driver, String(row.chain), page),
  }));
}
