import type { AuditRecord } from "./auditRecord.js";
import { isDamage } from "./chainCheck.js";
import { ChainVerifier, type VerifierOptions, type VerifyResult } from "./chainVerifier.js";
import type { SqlDriver } from "./sqlDriver.js";
import { errorMessage } from "../util/errors.js";

/**
 * Everything a database can tell about itself: its own integrity check of the whole file
 * (pages the chain never reads, such as the journal's, included), then every record of the
 * chain in id order. A damaged file is a result, not an exception.
 */
export async function verifyDatabase(
  driver: SqlDriver,
  records: AsyncIterable<AuditRecord>,
  options: VerifierOptions,
): Promise<VerifyResult> {
  const damage = await driver.checkIntegrity();
  if (damage?.length) return damaged(damage);
  const verifier = new ChainVerifier(options);
  try {
    for await (const record of records) if (!verifier.add(record)) break;
  } catch (error) {
    if (isDamage(error)) return damaged([errorMessage(error)]);
    throw error;
  }
  return verifier.result();
}

function damaged(damage: string[]): VerifyResult {
  const more = damage.length > 1 ? ` (and ${damage.length - 1} more)` : "";
  return {
    ok: false,
    records: 0,
    problem: "damaged",
    reason: `the audit database is damaged (SQLite integrity check): ${damage[0] ?? ""}${more}`,
    damage,
  };
}
