import type { JournalEntry, JournalRow } from "./auditStore.js";
import { expandLines } from "./lineAffix.js";
import type { SqlDriver, SqlRow, SqlStatement } from "./sqlDriver.js";

const COLUMNS =
  "time, session_id, direction, rpc_id, method, size, sha256, truncated, message, messages, line_prefix, line_suffix";
const ROWS_PER_INSERT = 500;
/**
 * A row holds one message, or a run of consecutive notifications (no JSON-RPC id, not
 * truncated) of one session, direction and method, one per line, up to this much text: a
 * 100,000-chunk stream is ~400 rows instead of 100,000, and inserting rows one per message
 * was most of the SQLite worker's CPU through the editor proxy (docs/bench.md).
 */
export const RUN_BYTES = 64 * 1024;
/**
 * Rows per INSERT for `left` rows still to go: 500, or the largest power of two below. The
 * driver keeps every distinct statement prepared, and a prepared ~450-row INSERT holds
 * ~0.36 MiB outside the JS heap (measured): one statement per remainder size (a timer-flushed
 * batch has any size) would grow a long-running plane by up to ~180 MiB; these are at most 10.
 */
function insertSize(left: number): number {
  return left >= ROWS_PER_INSERT ? ROWS_PER_INSERT : 2 ** Math.floor(Math.log2(left));
}
const NOT_DURABLE = { durable: false } as const;
/** The INSERT of `rows` rows (at most ten sizes, see insertSize), built once each. */
const inserts = new Map<number, string>();
function insertOf(rows: number): string {
  let sql = inserts.get(rows);
  if (sql === undefined) {
    sql = `INSERT INTO journal (${COLUMNS}) VALUES ${Array.from({ length: rows }, () => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`;
    inserts.set(rows, sql);
  }
  return sql;
}

/** The `journal` table: raw wire messages, append-only, pruned by retention. */
export class JournalTable {
  constructor(private readonly driverOf: () => SqlDriver) {}

  private get driver(): SqlDriver {
    return this.driverOf();
  }

  /**
   * Not an async function, on purpose: its frame would keep `entries` and the statements
   * alive (and promoted out of V8's young generation) until the batch is committed.
   */
  append(entries: JournalEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    const rows = runsOf(entries);
    const statements: SqlStatement[] = [];
    for (let i = 0; i < rows.length;) {
      const size = insertSize(rows.length - i);
      const params: unknown[] = [];
      for (let r = i; r < i + size; r++) params.push(...rows[r]!);
      statements.push([insertOf(size), params]);
      i += size;
    }
    // Not durable by design (entries still queued when the process dies are lost anyway):
    // a batch waits for no sync of its own (at 5,000 entries a batch, one fsync each).
    // Handed over whole: a worker-thread driver packs it out of these objects at once.
    return this.driver.batch(statements, NOT_DURABLE);
  }

  async list(query: {
    sessionId?: string;
    afterId?: number;
    limit?: number;
  }): Promise<JournalRow[]> {
    const clauses = ["id > ?"];
    const params: unknown[] = [query.afterId ?? 0];
    if (query.sessionId !== undefined) {
      clauses.push("session_id = ?");
      params.push(query.sessionId);
    }
    const rows = await this.driver.all(
      `SELECT id, ${COLUMNS} FROM journal WHERE ${clauses.join(" AND ")} ORDER BY id LIMIT ?`,
      [...params, query.limit ?? 1000],
    );
    return rows.flatMap(toEntries);
  }

  async prune(before: string): Promise<number> {
    return this.driver.transaction(async (tx) => {
      const rows = await tx.all(
        "SELECT COALESCE(SUM(messages), 0) AS n FROM journal WHERE time < ?",
        [before],
      );
      await tx.run("DELETE FROM journal WHERE time < ?", [before]);
      return Number(rows[0]?.n ?? 0);
    });
  }
}

/** Whether `entry` may join a run that `head` began (see RUN_BYTES). */
function joins(head: JournalEntry, entry: JournalEntry, bytes: number): boolean {
  return (
    runnable(entry) &&
    entry.method === head.method &&
    entry.sessionId === head.sessionId &&
    entry.direction === head.direction &&
    bytes + entry.size + 1 <= RUN_BYTES
  );
}

function runnable(entry: JournalEntry): boolean {
  return (
    entry.messages === undefined &&
    entry.linePrefix === undefined &&
    entry.rpcId === undefined &&
    entry.method !== undefined &&
    !entry.truncated &&
    !entry.message.includes("\n")
  );
}

/** The rows' values, in COLUMNS order: a run's time is its first message's. */
function runsOf(entries: JournalEntry[]): unknown[][] {
  const rows: unknown[][] = [];
  for (let i = 0; i < entries.length;) {
    const head = entries[i]!;
    let end = i + 1;
    let bytes = head.size;
    if (runnable(head))
      for (; end < entries.length && joins(head, entries[end]!, bytes); end++)
        bytes += entries[end]!.size + 1;
    const count = end - i === 1 ? (head.messages ?? 1) : end - i;
    const message =
      end - i === 1
        ? head.message
        : entries
            .slice(i, end)
            .map((e) => e.message)
            .join("\n");
    rows.push([
      head.time,
      head.sessionId,
      head.direction,
      head.rpcId ?? null,
      head.method ?? null,
      end - i === 1 ? head.size : bytes,
      head.sha256 ?? null,
      head.truncated ? 1 : 0,
      message,
      count,
      end - i === 1 ? (head.linePrefix ?? null) : null,
      end - i === 1 ? (head.lineSuffix ?? null) : null,
    ]);
    i = end;
  }
  return rows;
}

/** A row's messages: one entry each (a run's share its id, time and row; `part` orders them). */
function toEntries(row: SqlRow): JournalRow[] {
  const count = Number(row.messages ?? 1);
  const affixed = row.line_prefix != null && row.line_suffix != null;
  if (count <= 1 && !affixed) return [toEntry(row)];
  const lines = !affixed
    ? String(row.message).split("\n")
    : expandLines({
        prefix: String(row.line_prefix),
        suffix: String(row.line_suffix),
        middles: String(row.message),
      });
  return lines.map((message, part) => ({
    ...toEntry(row),
    part,
    size: Buffer.byteLength(message),
    message,
  }));
}

function toEntry(row: SqlRow): JournalRow {
  const entry: JournalRow = {
    id: Number(row.id),
    time: String(row.time),
    sessionId: String(row.session_id),
    direction: String(row.direction) as JournalRow["direction"],
    size: Number(row.size),
    truncated: Number(row.truncated) === 1,
    message: String(row.message),
  };
  if (row.rpc_id != null) entry.rpcId = String(row.rpc_id);
  if (row.method != null) entry.method = String(row.method);
  if (row.sha256 != null) entry.sha256 = String(row.sha256);
  return entry;
}
