import * as crypto from "node:crypto";
import type { AuditRecord } from "./auditRecord.js";
import { canonicalJson } from "./canonicalJson.js";

/** The hash a record must carry: sha256(prevHash + "\n" + canonical JSON of it without `hash`). */
export function recordHash(record: Omit<AuditRecord, "hash"> & { hash?: string }): string {
  // A record being appended has no hash yet: hashed as is, without a copy.
  const body = record.hash === undefined ? record : withoutHash(record);
  return sha256Hex(`${record.prevHash}\n${canonicalJson(body)}`);
}

function withoutHash(
  record: Omit<AuditRecord, "hash"> & { hash?: string },
): Omit<AuditRecord, "hash"> {
  const { hash: _ignored, ...body } = record;
  return body;
}

/** `crypto.hash` (Node ≥ 20.12) is a one-shot without a Hash object; the bytes are the same. */
const oneShot = (crypto as { hash?: (algorithm: string, data: string) => string }).hash;

function sha256Hex(text: string): string {
  return oneShot ? oneShot("sha256", text) : crypto.createHash("sha256").update(text).digest("hex");
}

export type VerifyResult =
  | { ok: true; records: number; lastHash: string }
  | { ok: false; records: number; brokenId: number; reason: string };

/**
 * Walks records in id order and reports the first broken link: a record whose hash does not
 * match its content, whose prevHash is not its predecessor's hash, or a gap in the ids.
 */
export class ChainVerifier {
  private count = 0;
  private prev = "";
  private lastId = 0;
  private broken: { id: number; reason: string } | undefined;

  /** Returns false once the chain is broken (the caller may stop reading). */
  add(record: AuditRecord): boolean {
    if (this.broken) return false;
    this.count++;
    if (record.id !== this.lastId + 1) {
      this.broken = {
        id: record.id,
        reason: `id ${record.id} follows ${this.lastId}: a record is missing`,
      };
    } else if (record.prevHash !== this.prev) {
      this.broken = { id: record.id, reason: "prevHash does not match the previous record" };
    } else if (recordHash(record) !== record.hash) {
      this.broken = { id: record.id, reason: "content does not match its hash (edited)" };
    }
    this.prev = record.hash;
    this.lastId = record.id;
    return this.broken === undefined;
  }

  result(): VerifyResult {
    if (this.broken) {
      return {
        ok: false,
        records: this.count,
        brokenId: this.broken.id,
        reason: this.broken.reason,
      };
    }
    return { ok: true, records: this.count, lastHash: this.prev };
  }
}
