import type { AuditRecord, AuditRecordInput } from "./auditRecord.js";
import { recordHash } from "./hashChain.js";
import type { Dialect } from "./migrations.js";
import { recordIdSteps } from "./recordIds.js";
import { chainFields, insertSteps } from "./recordRows.js";
import type { SqlDriver, SqlExecutor, SqlRow, SqlSteps } from "./sqlDriver.js";

/**
 * What a linked append needs, all of it plain data (a worker thread is handed it as is):
 * records already redacted, the chain they join, and the writer's chain key if it has one.
 */
export interface LinkedAppend {
  inputs: AuditRecordInput[];
  chain: string;
  dialect: Dialect;
  key?: string;
}

/**
 * The records of `append` linked after the head of their chain: read that head, take ids,
 * link and hash each record after the one before, insert them. The one place the chain is
 * extended: run as a transaction's statements (`runSteps`) by PostgreSQL and SQLite on the
 * caller's thread, and whole inside `WorkerSqliteDriver`'s worker (`runStepsNow`), in one
 * message. Its caller holds the chain's lock (sqlDriver.ts, `chainLock`) and commits durably.
 */
export function* linkedAppend(append: LinkedAppend): SqlSteps<AuditRecord[]> {
  const { inputs, chain, key } = append;
  const head = (yield {
    op: "all",
    sql: "SELECT seq, hash FROM audit_records WHERE chain = ? ORDER BY seq DESC LIMIT 1",
    params: [chain],
  })[0];
  let seq = head ? Number(head.seq) : 0;
  let prevHash = head ? String(head.hash) : "";
  const ids = yield* recordIdSteps(append.dialect, inputs.length);
  const linked = inputs.map((input, i) => {
    const id = ids[i] ?? 0;
    const body = {
      ...input,
      id,
      time: input.time ?? new Date().toISOString(),
      ...chainFields(chain, ++seq, id),
      prevHash,
    };
    const record: AuditRecord = { ...body, hash: recordHash(body, key) };
    prevHash = record.hash;
    return record;
  });
  yield* insertSteps(linked);
  return linked;
}

/**
 * Commits `append` on `driver`: whole where the database is when the driver offers it (the
 * SQLite worker: one message), else as a transaction of statements under its chain's lock.
 */
export function commitLinked(
  driver: SqlDriver,
  append: LinkedAppend,
  relaxed: boolean,
): Promise<AuditRecord[]> {
  if (driver.appendLinked) return driver.appendLinked(append, { relaxed });
  return driver.transaction((tx) => runSteps(linkedAppend(append), tx), {
    chainLock: append.chain,
  });
}

/** Runs `steps` on `tx`, each statement awaited in turn. */
export async function runSteps<T>(steps: SqlSteps<T>, tx: SqlExecutor): Promise<T> {
  let next = steps.next([]);
  while (!next.done) {
    const { op, sql, params } = next.value;
    next = steps.next(op === "all" ? await tx.all(sql, params) : (await tx.run(sql, params), []));
  }
  return next.value;
}

/** What `runStepsNow` runs statements on: a synchronous connection (`SqliteEngine`). */
export interface SyncExecutor {
  run(sql: string, params: unknown[]): void;
  all(sql: string, params: unknown[]): SqlRow[];
}

/** Runs `steps` on `db` synchronously (the SQLite worker's thread). */
export function runStepsNow<T>(steps: SqlSteps<T>, db: SyncExecutor): T {
  let next = steps.next([]);
  while (!next.done) {
    const { op, sql, params } = next.value;
    next = steps.next(op === "all" ? db.all(sql, params) : (db.run(sql, params), []));
  }
  return next.value;
}
