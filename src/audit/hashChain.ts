import * as crypto from "node:crypto";
import type { AuditRecord } from "./auditRecord.js";
import { canonicalJson } from "./canonicalJson.js";

/** A keyed record's hash starts with this; an unkeyed one is 64 hex digits. */
export const KEYED_PREFIX = "hmac-sha256:";

type Hashable = Omit<AuditRecord, "hash"> & { hash?: string };

/**
 * The hash a record must carry: sha256(prevHash + "\n" + canonical JSON of it without
 * `hash`). With the chain key (`storage.chainKey`) it is an HMAC-SHA256 of the same text
 * under that key, written `hmac-sha256:<hex>`: without the key nobody can recompute it, so a
 * history rewritten without the key fails verification even where no export was kept.
 */
export function recordHash(record: Hashable, key?: string): string {
  // A record being appended has no hash yet: hashed as is, without a copy.
  const body = record.hash === undefined ? record : withoutHash(record);
  const text = `${record.prevHash}\n${canonicalJson(body)}`;
  if (key !== undefined) {
    return KEYED_PREFIX + crypto.createHmac("sha256", key).update(text).digest("hex");
  }
  return sha256Hex(text);
}

export function isKeyedHash(hash: string): boolean {
  return hash.startsWith(KEYED_PREFIX);
}

function withoutHash(record: Hashable): Omit<AuditRecord, "hash"> {
  const { hash: _ignored, ...body } = record;
  return body;
}

/** `crypto.hash` (Node ≥ 20.12) is a one-shot without a Hash object; the bytes are the same. */
const oneShot = (crypto as { hash?: (algorithm: string, data: string) => string }).hash;

function sha256Hex(text: string): string {
  return oneShot ? oneShot("sha256", text) : crypto.createHash("sha256").update(text).digest("hex");
}
