import { ChainVerifier, type VerifyResult } from "./chainVerifier.js";
import { RECORD_COLUMNS, rowToRecord } from "./recordRows.js";
import type { SqlDriver } from "./sqlDriver.js";
import { errorMessage } from "../util/errors.js";

/** Where a writer's warnings go (a logger). */
export interface ChainWarnings {
  warn(fields: object, message: string): void;
}

/** How many of the newest records a writer re-verifies when it opens the store. */
export const TAIL_WINDOW = 1000;

/**
 * The check a writer makes of the chain it appends to (at open): every position present (the
 * count of the chain's records is its highest position), and the newest `window` records
 * linked and matching their hashes. Cheap (one count, one page of records) where `audit
 * verify` reads everything, so an edit older than the window is found only by `audit verify`.
 */
export async function checkChainTail(
  driver: SqlDriver,
  key: string | undefined,
  chain = "",
  window = TAIL_WINDOW,
): Promise<VerifyResult> {
  const [stats] = await driver.all(
    "SELECT COUNT(*) AS n, MAX(seq) AS last FROM audit_records WHERE chain = ?",
    [chain],
  );
  const count = Number(stats?.n ?? 0);
  const last = Number(stats?.last ?? 0);
  if (count !== last) {
    return {
      ok: false,
      records: count,
      problem: "missing",
      reason: `${last - count} record(s) missing: ${count} records, ${chain === "" ? "ids" : "positions"} up to ${last}`,
    };
  }
  const rows = await driver.all(
    `SELECT ${RECORD_COLUMNS} FROM audit_records WHERE chain = ? AND seq > ? ORDER BY seq`,
    [chain, Math.max(0, last - window)],
  );
  const records = rows.map(rowToRecord);
  const first = records[0];
  const start = first ? (first.seq ?? first.id) : 0;
  // Position 1 links to ""; a window that starts later trusts the link into its first record.
  const after = start > 1 ? { id: start - 1, hash: first?.prevHash ?? "" } : undefined;
  const verifier = new ChainVerifier({
    ...(key !== undefined ? { key } : {}),
    ...(after ? { after } : {}),
  });
  for (const record of records) if (!verifier.add(record)) break;
  return verifier.result();
}

/** A writer appending to a chain that is already broken says so (and still appends). */
export async function warnIfChainBroken(
  driver: SqlDriver,
  key: string | undefined,
  chain: string,
  location: string,
  log: ChainWarnings,
): Promise<void> {
  const tail = await checkChainTail(driver, key, chain);
  if (tail.ok) return;
  const at = tail.brokenId === undefined ? "" : ` at record ${tail.brokenId}`;
  const name = chain === "" ? "" : ` '${chain}'`;
  log.warn(
    { problem: tail.problem, chain },
    `the audit chain${name} in ${location} is broken${at}: ${tail.reason}; new records are appended after it (see acpgate audit verify)`,
  );
}

/**
 * The tail check at a writer's open re-hashes up to TAIL_WINDOW records (~25 ms of CPU on
 * Node 20): run on the next turn of the event loop instead of ahead of the first operation,
 * it lands in time a one-shot `run` spends waiting for its agent to start. It only warns, so
 * nothing waits for it but close(); a check that fails to read says so.
 */
export function checkTailSoon(
  check: () => Promise<void>,
  location: string,
  log: ChainWarnings,
): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve))
    .then(check)
    .catch((error: unknown) =>
      log.warn(
        { err: errorMessage(error) },
        `could not check the audit chain in ${location}: ${errorMessage(error)}`,
      ),
    );
}

/** SQLite reports a damaged file on the read that meets the damage. */
export function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && /^SQLITE_(CORRUPT|NOTADB)/.test(code);
}
