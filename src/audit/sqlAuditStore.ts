import type { AuditQuery, AuditRecord, AuditRecordInput } from "./auditRecord.js";
import type { AuditStore, RecordedPermission, StoreStats } from "./auditStore.js";
import { GroupCommit } from "./groupCommit.js";
import { ChainVerifier, recordHash, type VerifyResult } from "./hashChain.js";
import { JournalTable } from "./journalTable.js";
import { migrate } from "./migrate.js";
import { insertRecords, RECORD_COLUMNS, rowToRecord, whereOf } from "./recordRows.js";
import { redactor, type Redactor } from "./redactor.js";
import { SessionTable } from "./sessionTable.js";
import type { SqlDriver } from "./sqlDriver.js";
import { AcpgateError, errorMessage } from "../util/errors.js";

const PAGE = 1000;

/**
 * The audit store on any `SqlDriver`: the same statements, migrations and chain for SQLite
 * and PostgreSQL. Appends go through group commit; every record is redacted before it is
 * hashed, so that the chain covers exactly what is stored.
 */
export class SqlAuditStore implements AuditStore {
  readonly stats: StoreStats = { records: 0, batches: 0, commitMs: 0 };
  private opened: Promise<void> | undefined;
  private driverInstance: SqlDriver | undefined;
  private readonly committer: GroupCommit<AuditRecordInput, AuditRecord>;
  private readonly sessions: SessionTable;
  private readonly journal: JournalTable;
  private closed = false;
  private readonly inflight = new Set<Promise<unknown>>();

  /**
   * `driver` may be a factory: nothing is opened (no file created, no connection made) until
   * the first operation. The schema is migrated and journal retention applied on open.
   */
  constructor(
    driver: SqlDriver | (() => SqlDriver),
    readonly location: string,
    private readonly options: { journalRetentionDays?: number; redactor?: Redactor } = {},
  ) {
    if (typeof driver !== "function") this.driverInstance = driver;
    else this.driverFactory = driver;
    this.redact = options.redactor ?? redactor;
    this.committer = new GroupCommit((items) => this.commit(items));
    this.sessions = new SessionTable(() => this.driver);
    this.journal = new JournalTable(() => this.driver);
  }

  private readonly driverFactory: (() => SqlDriver) | undefined;
  private readonly redact: Redactor;

  private get driver(): SqlDriver {
    this.driverInstance ??= this.driverFactory!();
    return this.driverInstance;
  }

  private get ready(): Promise<void> {
    this.opened ??= (async () => {
      await migrate(this.driver);
      const days = this.options.journalRetentionDays ?? 0;
      if (days > 0) {
        await this.journal.prune(new Date(Date.now() - days * 86_400_000).toISOString());
      }
    })();
    return this.opened;
  }

  /** Resolves once the schema is migrated; rejects with the reason it could not be. */
  async open(): Promise<this> {
    try {
      await this.ready;
    } catch (error) {
      throw new AcpgateError(
        "audit_failed",
        `cannot open the audit store at ${this.location}: ${errorMessage(error)}`,
        { location: this.location },
        { cause: error },
      );
    }
    return this;
  }

  append(input: AuditRecordInput): Promise<AuditRecord> {
    // Only JSON survives storage: hash what will be read back (Dates → strings, undefined gone).
    return this.op(() => this.committer.submit(this.redact.redactJson(input) as AuditRecordInput));
  }

  async list(query: AuditQuery = {}): Promise<AuditRecord[]> {
    await this.ready;
    const { where, params } = whereOf(query);
    const rows = await this.driver.all(
      `SELECT ${RECORD_COLUMNS} FROM audit_records ${where} ORDER BY id LIMIT ?`,
      [...params, query.limit ?? PAGE],
    );
    return rows.map(rowToRecord);
  }

  async get(id: number): Promise<AuditRecord | undefined> {
    await this.ready;
    const rows = await this.driver.all(`SELECT ${RECORD_COLUMNS} FROM audit_records WHERE id = ?`, [
      id,
    ]);
    return rows[0] ? rowToRecord(rows[0]) : undefined;
  }

  async *iterate(query: AuditQuery = {}): AsyncIterable<AuditRecord> {
    let afterId = query.afterId ?? 0;
    for (;;) {
      const page = await this.list({ ...query, afterId, limit: PAGE });
      yield* page;
      const last = page[page.length - 1];
      if (!last || page.length < PAGE) return;
      afterId = last.id;
    }
  }

  async verify(): Promise<VerifyResult> {
    const verifier = new ChainVerifier();
    for await (const record of this.iterate()) if (!verifier.add(record)) break;
    return verifier.result();
  }

  async permissionRequests(query: AuditQuery = {}): Promise<RecordedPermission[]> {
    const asked: AuditRecord[] = [];
    for await (const r of this.iterate({ ...query, kind: "permission_asked" })) asked.push(r);
    const decided = new Map<string, AuditRecord>();
    for await (const r of this.iterate({ ...query, kind: "permission_decided" })) {
      if (r.requestId) decided.set(`${r.sessionId}\u0000${r.requestId}`, r);
    }
    return asked.map((a) => ({
      asked: a,
      decided: decided.get(`${a.sessionId}\u0000${a.requestId ?? ""}`),
    }));
  }

  putSession: SessionTable["put"] = (row) =>
    this.op(() => this.sessions.put(this.redact.redactValue(row)));
  updateSession: SessionTable["update"] = (id, patch) =>
    this.op(() => this.sessions.update(id, this.redact.redactValue(patch)));
  getSession: SessionTable["get"] = (id) => this.op(() => this.sessions.get(id));
  listSessions: SessionTable["list"] = (query) => this.op(() => this.sessions.list(query));
  appendJournal: JournalTable["append"] = (entries) => this.op(() => this.journal.append(entries));
  listJournal: JournalTable["list"] = (query) => this.op(() => this.journal.list(query));
  pruneJournal: JournalTable["prune"] = (before) => this.op(() => this.journal.prune(before));

  /** Waits for every operation already started (appends included), then releases the database. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
    await this.committer.drain();
    await this.driverInstance?.close();
  }

  /** Runs `work` once the schema is ready; close() waits for it. */
  private op<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error("audit store is closed"));
    const run = this.ready.then(work);
    this.inflight.add(run);
    const forget = (): void => void this.inflight.delete(run);
    run.then(forget, forget);
    return run;
  }

  /** One transaction for a batch: read the chain head under the lock, link, insert. */
  private async commit(inputs: AuditRecordInput[]): Promise<AuditRecord[]> {
    const started = performance.now();
    const records = await this.driver.transaction(
      async (tx) => {
        const head = (
          await tx.all("SELECT id, hash FROM audit_records ORDER BY id DESC LIMIT 1")
        )[0];
        let id = head ? Number(head.id) : 0;
        let prevHash = head ? String(head.hash) : "";
        const linked = inputs.map((input) => {
          const body = {
            ...input,
            id: ++id,
            time: input.time ?? new Date().toISOString(),
            prevHash,
          };
          const record: AuditRecord = { ...body, hash: recordHash(body) };
          prevHash = record.hash;
          return record;
        });
        await insertRecords(tx, linked);
        return linked;
      },
      { chainLock: true },
    );
    this.stats.records += records.length;
    this.stats.batches++;
    this.stats.commitMs += performance.now() - started;
    return records;
  }
}
