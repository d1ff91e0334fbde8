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

export type VerifyResult =
  | {
      ok: true;
      records: number;
      lastHash: string;
      /** With a chain key: the first keyed record (the ones before it predate the key). */
      keyedFrom?: number;
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
    };
