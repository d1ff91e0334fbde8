import type { AuditRecord } from "./auditRecord.js";
import { isDamage } from "./chainCheck.js";
import {
  ChainVerifier,
  type ChainSummary,
  type VerifierOptions,
  type VerifyResult,
} from "./chainVerifier.js";
import type { SqlDriver } from "./sqlDriver.js";
import { errorMessage } from "../util/errors.js";

/** One chain of the database and its records in chain order. */
export interface ChainRecords {
  chain: string;
  records: AsyncIterable<AuditRecord>;
}

/**
 * Everything a database can tell about itself: its own integrity check of the whole file
 * (pages the chain never reads, such as the journal's, included), then every record of every
 * chain (a chain per replica) in chain order, each chain on its own: a break in one does not
 * stop the others being checked. An anchor must be found in one of them. A damaged file is a
 * result, not an exception.
 */
export async function verifyDatabase(
  driver: SqlDriver,
  chains: ChainRecords[],
  options: VerifierOptions,
): Promise<VerifyResult> {
  const damage = await driver.checkIntegrity();
  if (damage?.length) return damaged(damage);
  const { anchors, ...perChain } = options;
  const unseen = new Set(anchors ?? []);
  const summaries: ChainSummary[] = [];
  try {
    for (const { chain, records } of chains) {
      const verifier = new ChainVerifier(perChain);
      for await (const record of records) {
        unseen.delete(record.hash);
        if (!verifier.add(record)) break;
      }
      summaries.push(summary(chain, verifier));
    }
  } catch (error) {
    if (isDamage(error)) return damaged([errorMessage(error)]);
    throw error;
  }
  return combine(summaries, unseen);
}

function summary(chain: string, verifier: ChainVerifier): ChainSummary {
  const result = verifier.result();
  const base = { chain, records: result.records, headId: verifier.headId };
  if (result.ok) {
    return {
      ...base,
      ok: true,
      head: result.lastHash,
      ...(result.keyedFrom !== undefined ? { keyedFrom: result.keyedFrom } : {}),
    };
  }
  const { problem, reason, brokenId } = result;
  return { ...base, ok: false, head: "", problem, reason, ...(brokenId ? { brokenId } : {}) };
}

/**
 * The database's result from its chains' own. A database with only the default chain '' (one
 * process, or SQLite) gives exactly the result it gave before chains existed: no `chains`.
 */
function combine(summaries: ChainSummary[], unseenAnchors: Set<string>): VerifyResult {
  const several = summaries.some((s) => s.chain !== "");
  const chains = several ? { chains: summaries } : {};
  const records = summaries.reduce((n, s) => n + s.records, 0);
  const broken = summaries.find((s) => !s.ok);
  if (broken) {
    const named = several ? { chain: broken.chain } : {};
    const where = several ? `chain '${broken.chain}': ` : "";
    return {
      ok: false,
      records,
      problem: broken.problem ?? "edited",
      reason: where + (broken.reason ?? ""),
      ...(broken.brokenId !== undefined ? { brokenId: broken.brokenId } : {}),
      ...named,
      ...chains,
    };
  }
  const [anchor] = unseenAnchors;
  if (anchor !== undefined) {
    return {
      ok: false,
      records,
      problem: "anchor_missing",
      reason: `anchor ${anchor} is not in the chain: it was truncated or rewritten at or before the anchored record`,
      ...chains,
    };
  }
  const newest = summaries.reduce<ChainSummary | undefined>(
    (a, s) => (s.records > 0 && (!a || (s.headId ?? 0) > (a.headId ?? 0)) ? s : a),
    undefined,
  );
  const keyed = summaries.map((s) => s.keyedFrom).filter((k): k is number => k !== undefined);
  return {
    ok: true,
    records,
    lastHash: newest?.head ?? "",
    ...(keyed.length ? { keyedFrom: Math.min(...keyed) } : {}),
    ...chains,
  };
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
