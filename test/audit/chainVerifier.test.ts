import assert from "node:assert/strict";
import { test } from "node:test";
import type { AuditRecord } from "../../src/audit/auditRecord.js";
import { ChainVerifier, type VerifierOptions } from "../../src/audit/chainVerifier.js";
import { KEYED_PREFIX, recordHash } from "../../src/audit/hashChain.js";

const KEY = "k".repeat(32);

/** A chain of `n` records; those with id >= keyedFrom are keyed with `key`. */
function chain(n: number, keyedFrom = Infinity, key = KEY): AuditRecord[] {
  const records: AuditRecord[] = [];
  let prevHash = "";
  for (let id = 1; id <= n; id++) {
    const body = {
      id,
      time: `2026-12-01T00:00:0${id % 10}.000Z`,
      sessionId: "ses_1",
      agentId: "demo",
      surface: "cli" as const,
      actor: "cli",
      kind: "prompt" as const,
      data: { id },
      prevHash,
    };
    const hash = recordHash(body, id >= keyedFrom ? key : undefined);
    records.push({ ...body, hash });
    prevHash = hash;
  }
  return records;
}

function verify(records: AuditRecord[], options: VerifierOptions = {}) {
  const verifier = new ChainVerifier(options);
  for (const record of records) if (!verifier.add(record)) break;
  return verifier.result();
}

void test("a keyed hash is an HMAC of the same text, marked; another key gives another hash", () => {
  const [record] = chain(1);
  const { hash: _h, ...body } = record!;
  const keyed = recordHash(body, KEY);
  assert.ok(keyed.startsWith(KEYED_PREFIX));
  assert.match(keyed.slice(KEYED_PREFIX.length), /^[0-9a-f]{64}$/);
  assert.notEqual(keyed, recordHash(body, "x".repeat(32)));
  assert.equal(recordHash(body), record!.hash);
});

void test("an unkeyed chain verifies as before, with or without a key at hand", () => {
  const records = chain(5);
  assert.deepEqual(verify(records), { ok: true, records: 5, lastHash: records[4]!.hash });
  assert.equal(verify(records, { key: KEY }).ok, true);
});

void test("a keyed chain (keyed from record 3) verifies with its key and names where keying began", () => {
  const records = chain(6, 3);
  assert.deepEqual(verify(records, { key: KEY, requireKeyedHead: true }), {
    ok: true,
    records: 6,
    lastHash: records[5]!.hash,
    keyedFrom: 3,
  });
  const noKey = verify(records);
  assert.equal(noKey.ok === false && noKey.problem, "key_needed");
  assert.equal(noKey.ok === false && noKey.brokenId, 3);
  const otherKey = verify(records, { key: "y".repeat(32) });
  assert.equal(otherKey.ok === false && otherKey.problem, "edited");
});

void test("with a chain key configured, a history re-hashed without it fails", () => {
  // The attacker edits record 2 and recomputes every hash: they have no key, so plain sha256.
  const rewritten = chain(6);
  assert.equal(verify(rewritten).ok, true, "without a key, a recomputed chain passes");
  const result = verify(rewritten, { key: KEY, requireKeyedHead: true });
  assert.equal(result.ok === false && result.problem, "unkeyed");
  // Re-hashing only the newest records (keyed 1..6, plain from 4) is a downgrade.
  const keyed = chain(6, 1);
  const tail = chain(6).slice(3);
  tail[0] = { ...tail[0]!, prevHash: keyed[2]!.hash };
  const { hash: _h, ...body } = tail[0];
  tail[0].hash = recordHash(body);
  const downgraded = verify([...keyed.slice(0, 3), tail[0]], { key: KEY });
  assert.equal(downgraded.ok === false && downgraded.problem, "unkeyed");
  assert.equal(downgraded.ok === false && downgraded.brokenId, 4);
});

void test("anchors must be found in the chain: a truncated or recomputed history loses them", () => {
  const records = chain(6);
  const anchor = records[3]!.hash;
  assert.equal(verify(records, { anchors: [anchor] }).ok, true);
  const truncated = verify(records.slice(0, 3), { anchors: [anchor] });
  assert.equal(truncated.ok === false && truncated.problem, "anchor_missing");
  assert.match(truncated.ok === false ? truncated.reason : "", /truncated or rewritten/);
});

void test("a verifier started mid-chain checks links from the hash it is given", () => {
  const records = chain(6);
  assert.equal(verify(records.slice(3), { after: { id: 3, hash: records[2]!.hash } }).ok, true);
  const relinked = verify(records.slice(3), { after: { id: 3, hash: "00" } });
  assert.equal(relinked.ok === false && relinked.problem, "relinked");
});
