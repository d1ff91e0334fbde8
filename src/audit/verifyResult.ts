// A leaf of types only: the portal (web/) imports it, so it imports nothing with I/O.

/** Why verification failed, as a stable code (`audit verify --json`). */
export type ChainProblem =
  /** a gap in the ids: a record was deleted */
  | "missing"
  /** a prevHash that is not its predecessor's hash */
  | "relinked"
  /** content that does not match its hash */
  | "edited"
  /** an unkeyed record where the chain key requires a keyed one */
  | "unkeyed"
  /** a keyed record, and no chain key to check it with */
  | "key_needed"
  /** an anchor (`--anchor`) that is not in the chain: truncated or rewritten before it */
  | "anchor_missing"
  /** the database itself is damaged (SQLite's integrity check) */
  | "damaged";

/**
 * One chain of a database with several (a chain per replica): present in `chains` of a
 * result whenever the database holds a chain other than the default '', so that a single
 * process's result is what it always was.
 */
export interface ChainSummary {
  /** The replica id that wrote the chain; '' for the default chain. */
  chain: string;
  ok: boolean;
  records: number;
  /** Hash of the newest record ("" for none); an anchor of this chain. */
  head: string;
  /** Id of the newest record. */
  headId?: number;
  keyedFrom?: number;
  problem?: ChainProblem;
  reason?: string;
  brokenId?: number;
}

export type VerifyResult =
  | {
      ok: true;
      /** Records of every chain. */
      records: number;
      /** Hash of the newest record of the database (of its chain). */
      lastHash: string;
      /** With a chain key: the first keyed record (the ones before it predate the key). */
      keyedFrom?: number;
      chains?: ChainSummary[];
    }
  | {
      ok: false;
      records: number;
      problem: ChainProblem;
      reason: string;
      /** The first broken record, when the problem is one. */
      brokenId?: number;
      /** What SQLite's integrity check reported (`damaged`). */
      damage?: string[];
      /** The chain the problem is in, when the database has several. */
      chain?: string;
      chains?: ChainSummary[];
    };
