import type { AuditRecord } from "./auditRecord.js";
import { isKeyedHash, recordHash } from "./hashChain.js";
import type { ChainProblem, VerifyResult } from "./verifyResult.js";

export type { ChainProblem, ChainSummary, VerifyResult } from "./verifyResult.js";

export interface VerifierOptions {
  /** The chain key (`storage.chainKey`): keyed records are checked with it. */
  key?: string;
  /**
   * A chain key is configured, so the newest record must be keyed (a writer with the key
   * keys every record): a history re-hashed without the key fails. Only `verify` sets it;
   * a writer's check at open does not, since the records it is about to append are keyed.
   */
  requireKeyedHead?: boolean;
  /** Hashes (`audit anchor`) that must each be found in the chain. */
  anchors?: readonly string[];
  /**
   * Start mid-chain: the position (`seq`, or id in the default chain) before the first record
   * given, and the hash it must link to.
   */
  after?: { id: number; hash: string };
}

/**
 * Walks the records of one chain in order and reports the first broken link: a record whose
 * hash does not match its content, whose prevHash is not its predecessor's hash, or a gap in
 * the positions (`seq ?? id`). Once a keyed record is seen, every later record must be keyed.
 */
export class ChainVerifier {
  private count = 0;
  private prev: string;
  private lastId: number;
  private lastPosition: number;
  private keyedFrom: number | undefined;
  private readonly unseenAnchors: Set<string>;
  private broken: { id: number; problem: ChainProblem; reason: string } | undefined;

  constructor(private readonly options: VerifierOptions = {}) {
    this.prev = options.after?.hash ?? "";
    this.lastPosition = options.after?.id ?? 0;
    this.lastId = this.lastPosition;
    this.unseenAnchors = new Set(options.anchors ?? []);
  }

  /** Id of the newest record added (0 before any). */
  get headId(): number {
    return this.lastId;
  }

  /** Returns false once the chain is broken (the caller may stop reading). */
  add(record: AuditRecord): boolean {
    if (this.broken) return false;
    this.count++;
    const problem = this.check(record);
    if (problem) this.broken = { id: record.id, ...problem };
    if (isKeyedHash(record.hash)) this.keyedFrom ??= record.id;
    this.unseenAnchors.delete(record.hash);
    this.prev = record.hash;
    this.lastId = record.id;
    this.lastPosition = record.seq ?? record.id;
    return this.broken === undefined;
  }

  private check(record: AuditRecord): { problem: ChainProblem; reason: string } | undefined {
    const position = record.seq ?? record.id;
    if (position !== this.lastPosition + 1) {
      const what = record.seq === undefined ? "id" : "position";
      return {
        problem: "missing",
        reason: `${what} ${position} follows ${this.lastPosition}: a record is missing`,
      };
    }
    if (record.prevHash !== this.prev) {
      return { problem: "relinked", reason: "prevHash does not match the previous record" };
    }
    if (!isKeyedHash(record.hash)) {
      if (this.keyedFrom !== undefined) {
        return {
          problem: "unkeyed",
          reason: `not keyed, after keyed records from ${this.keyedFrom}: re-hashed without the chain key`,
        };
      }
      if (recordHash(record) !== record.hash) {
        return { problem: "edited", reason: "content does not match its hash (edited)" };
      }
      return undefined;
    }
    if (this.options.key === undefined) {
      return {
        problem: "key_needed",
        reason: "the record is keyed (HMAC): storage.chainKey is needed to verify it",
      };
    }
    if (recordHash(record, this.options.key) !== record.hash) {
      return {
        problem: "edited",
        reason: "content does not match its keyed hash (edited, or another chain key)",
      };
    }
    return undefined;
  }

  result(): VerifyResult {
    if (this.broken) {
      const { id, problem, reason } = this.broken;
      return { ok: false, records: this.count, problem, reason, brokenId: id };
    }
    if (this.options.requireKeyedHead && this.count > 0 && this.keyedFrom === undefined) {
      return {
        ok: false,
        records: this.count,
        problem: "unkeyed",
        brokenId: this.lastId,
        reason:
          "no record is keyed although storage.chainKey is set: the history was re-hashed without the key, or nothing has been written with it yet",
      };
    }
    const [anchor] = this.unseenAnchors;
    if (anchor !== undefined) {
      return {
        ok: false,
        records: this.count,
        problem: "anchor_missing",
        reason: `anchor ${anchor} is not in the chain: it was truncated or rewritten at or before the anchored record`,
      };
    }
    return {
      ok: true,
      records: this.count,
      lastHash: this.prev,
      ...(this.keyedFrom !== undefined ? { keyedFrom: this.keyedFrom } : {}),
    };
  }
}
