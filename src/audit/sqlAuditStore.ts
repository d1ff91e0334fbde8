import type { AuditQuery, AuditRecord, AuditRecordInput } from "./auditRecord.js";
import type {
  AppendOptions,
  AuditCommit,
  AuditStore,
  RecordedPermission,
  StoreStats,
} from "./auditStore.js";
import { retryWhileBusy } from "./busyRetry.js";
import { checkTailSoon, warnIfChainBroken } from "./chainCheck.js";
import { everyChain } from "./chainRecords.js";
import type { VerifyResult } from "./chainVerifier.js";
import { GroupCommit } from "./groupCommit.js";
import { HeldWrites } from "./heldWrites.js";
import { JournalTable } from "./journalTable.js";
import { createLogger } from "./logger.js";
import { hasAuditSchema, migrate } from "./migrate.js";
import { markLostSessions, type LostSession } from "./lostSessions.js";
import { CHAINS_MIGRATION } from "./migrations.js";
import { commitLinked, type LinkedAppend } from "./linkedAppend.js";
import { RECORD_COLUMNS, RECORDS_BEFORE_CHAINS, rowToRecord, whereOf } from "./recordRows.js";
import { recordedPermissions } from "./recordedPermissions.js";
import { redactor, type Redactor } from "./redactor.js";
import { SessionTable } from "./sessionTable.js";
import type { SqlDriver } from "./sqlDriver.js";
import { SqliteDriver } from "./sqliteDriver.js";
import { verifyDatabase } from "./verifyDatabase.js";
import { AcpgateError, errorMessage, isAcpgateError } from "../util/errors.js";
import { Emitter } from "../util/emitter.js";

const PAGE = 1000;

/** What the store needs of a logger (a pino Logger is one). */
export interface WarningSink {
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface SqlAuditStoreOptions {
  /** Journal entries older than this are deleted when a writer opens the store. */
  journalRetentionDays?: number;
  redactor?: Redactor;
  /** Read access: nothing is migrated, pruned or created, and every write is refused. */
  readOnly?: boolean;
  /**
   * The chain key (`storage.chainKey`): a writer resolves it at open and keys every record it
   * appends; `verify` resolves it and requires the newest record to be keyed.
   */
  chainKey?: () => Promise<string>;
  /** Where a writer reports a chain it found broken at open. Default: a warning on stderr. */
  logger?: WarningSink;
}

/** A record on its way to a commit: whether anyone waits on it; `held` for company already. */
interface Appended {
  input: AuditRecordInput;
  relaxed: boolean;
  held: boolean;
}

/**
 * The audit store on any `SqlDriver`: the same statements, migrations and chain for SQLite
 * and PostgreSQL. Appends go through group commit; every record is redacted before it is
 * hashed, so that the chain covers exactly what is stored.
 */
export class SqlAuditStore implements AuditStore {
  readonly stats: StoreStats = { records: 0, batches: 0, commitMs: 0 };
  readonly commits = new Emitter<AuditCommit>();
  private opened: Promise<void> | undefined;
  private driverInstance: SqlDriver | undefined;
  private readonly committer: GroupCommit<Appended, AuditRecord>;
  private readonly sessions: SessionTable;
  /** Writes not settled yet (see read). */
  private readonly writes = new Set<Promise<unknown>>();
  private readonly journal: JournalTable;
  private closed = false;
  private readonly inflight = new Set<Promise<unknown>>();
  private absentDatabase = false;
  /** The chain key, once resolved (a writer resolves it at open). */
  private key: Promise<string> | undefined;
  private writerKey: string | undefined;
  /** What records are read with: a reader of a database from before chains reads fewer. */
  private columns = RECORD_COLUMNS;
  /** The chain this writer appends to (`useChain`): '' unless it is a replica. */
  private chainId = "";

  /**
   * `driver` may be a factory: nothing is opened (no file created, no connection made) until
   * the first operation. A writer migrates the schema, applies journal retention and checks
   * the newest records of the chain on open; a reader (`readOnly`) does none of it.
   */
  constructor(
    driver: SqlDriver | (() => SqlDriver),
    readonly location: string,
    private readonly options: SqlAuditStoreOptions = {},
  ) {
    if (typeof driver !== "function") this.driverInstance = driver;
    else this.driverFactory = driver;
    this.redact = options.redactor ?? redactor;
    // The SQLite worker runs appends in order itself (WorkerSqliteDriver.appendLinked): a
    // record someone waits on joins a relaxed commit still waiting there.
    this.committer = new GroupCommit(
      (items) => this.commit(items),
      1000,
      (item) => !item.relaxed && this.driverInstance?.appendLinked !== undefined,
    );
    this.sessions = new SessionTable(() => this.driver);
    this.journal = new JournalTable(() => this.driver);
    this.held = new HeldWrites({
      append: (input) => this.appendNow(input, true, true),
      update: (id, patch) =>
        this.write(() => this.sessions.update(id, this.redact.redactValue(patch))),
    });
  }

  /** Relaxed records and row updates, held for company (heldWrites.ts). */
  private readonly held: HeldWrites;

  private readonly driverFactory: (() => SqlDriver) | undefined;
  private readonly redact: Redactor;

  private get driver(): SqlDriver {
    this.driverInstance ??= this.driverFactory!();
    return this.driverInstance;
  }

  private get ready(): Promise<void> {
    // Concurrent first opens of one database can find it busy in ways SQLite's busy timeout
    // does not wait out (another process is creating it or switching it to WAL): retried.
    this.opened ??= retryWhileBusy(async () => {
      if (this.options.readOnly) return this.openForReading();
      await migrate(this.driver);
      const days = this.options.journalRetentionDays ?? 0;
      if (days > 0) {
        await this.journal.prune(new Date(Date.now() - days * 86_400_000).toISOString());
      }
      this.writerKey = await this.chainKey();
      this.checkTailSoon();
    });
    return this.opened;
  }

  /** The tail check, off the start-up path (chainCheck.ts, checkTailSoon); close() waits. */
  private checkTailSoon(): void {
    const check = checkTailSoon(() => this.warnIfBroken(), this.location, this.log());
    this.inflight.add(check);
    void check.then(() => this.inflight.delete(check));
  }

  private chainKey(): Promise<string | undefined> {
    if (!this.options.chainKey) return Promise.resolve(undefined);
    this.key ??= this.options.chainKey();
    return this.key;
  }

  /**
   * From now on this writer appends to the chain `chain` (a replica: its replica id), linked
   * to that chain's own head under that chain's own lock, so that replicas never wait on one
   * another's audit commits. Records already committed stay where they are.
   */
  async useChain(chain: string): Promise<void> {
    if (chain === this.chainId) return;
    await this.committer.drain();
    this.chainId = chain;
    await this.op(() => this.warnIfBroken());
  }

  /** The chain this writer appends to. */
  get chain(): string {
    return this.chainId;
  }

  /** A writer appending to a chain that is already broken says so (and still appends). */
  private warnIfBroken(): Promise<void> {
    return warnIfChainBroken(this.driver, this.writerKey, this.chainId, this.location, this.log());
  }

  private log(): WarningSink {
    return this.options.logger ?? createLogger({ format: "text" });
  }

  /**
   * Read access: nothing is migrated, pruned or created. A database that does not exist, or
   * holds no acpgate tables, reads as an empty one (see `absent`).
   */
  private async openForReading(): Promise<void> {
    if (await hasAuditSchema(this.driver)) {
      // A database an older acpgate wrote (no writer has migrated it yet): one chain, ''.
      const [top] = await this.driver.all("SELECT MAX(version) AS v FROM schema_migrations");
      if (Number(top?.v ?? 0) < CHAINS_MIGRATION) this.columns = RECORDS_BEFORE_CHAINS;
      return;
    }
    await this.driver.close();
    const empty = new SqliteDriver(":memory:");
    await migrate(empty);
    this.driverInstance = empty;
    this.absentDatabase = true;
  }

  /** After open with `readOnly`: true when there was no audit database to read. */
  get absent(): boolean {
    return this.absentDatabase;
  }

  /** Resolves once the schema is migrated; rejects with the reason it could not be. */
  async open(): Promise<this> {
    try {
      await this.ready;
    } catch (error) {
      // A chain key that cannot be resolved says why itself (secret_missing, config_invalid).
      if (isAcpgateError(error)) throw error;
      throw new AcpgateError(
        "audit_failed",
        `cannot open the audit store at ${this.location}: ${errorMessage(error)}`,
        { location: this.location },
        { cause: error },
      );
    }
    return this;
  }

  append(input: AuditRecordInput, options: AppendOptions = {}): Promise<AuditRecord> {
    if (options.relaxed === true && this.holds) return this.held.append(input);
    return this.appendNow(input, options.relaxed === true, false);
  }

  private appendNow(
    input: AuditRecordInput,
    relaxed: boolean,
    held: boolean,
  ): Promise<AuditRecord> {
    // Only JSON survives storage: hash what will be read back (Dates → strings, undefined gone).
    return this.write(() =>
      this.committer.submit({
        input: this.redact.redactJson(input) as AuditRecordInput,
        relaxed,
        held,
      }),
    );
  }

  /** A writer that is open holds what nobody waits on; a closed or read-only one refuses now. */
  private get holds(): boolean {
    return !this.closed && !this.options.readOnly;
  }

  list(query: AuditQuery = {}): Promise<AuditRecord[]> {
    const { where, params } = whereOf(query);
    return this.read(async () => {
      const rows = await this.driver.all(
        `SELECT ${this.columns} FROM audit_records ${where} ORDER BY id LIMIT ?`,
        [...params, query.limit ?? PAGE],
      );
      return rows.map(rowToRecord);
    });
  }

  async get(id: number): Promise<AuditRecord | undefined> {
    await this.ready;
    const rows = await this.driver.all(`SELECT ${this.columns} FROM audit_records WHERE id = ?`, [
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

  /**
   * Everything a database can tell about itself: SQLite's integrity check of the whole file
   * (pages the chain never reads included), then every record of every chain (one per
   * replica), keyed ones with the chain key, and each anchor (`audit anchor`) found in them.
   */
  async verify(options: { anchors?: readonly string[] } = {}): Promise<VerifyResult> {
    await this.ready;
    const key = await this.chainKey();
    const records =
      this.columns === RECORDS_BEFORE_CHAINS
        ? [{ chain: "", records: this.iterate() }]
        : await everyChain(this.driver, PAGE);
    return verifyDatabase(this.driver, records, {
      // With a chain key configured, the newest record must be keyed.
      ...(key !== undefined ? { key, requireKeyedHead: true } : {}),
      ...(options.anchors ? { anchors: options.anchors } : {}),
    });
  }

  permissionRequests(query: AuditQuery = {}): Promise<RecordedPermission[]> {
    return recordedPermissions((q) => this.iterate(q), query);
  }

  putSession: SessionTable["put"] = (row) =>
    this.write(() => this.sessions.put(this.redact.redactValue(row)));
  updateSession: SessionTable["update"] = (id, patch) =>
    this.holds
      ? this.held.update(id, patch)
      : this.write(() => this.sessions.update(id, this.redact.redactValue(patch)));
  getSession: SessionTable["get"] = (id) => this.read(() => this.sessions.get(id));
  listSessions: SessionTable["list"] = (query) => this.read(() => this.sessions.list(query));
  markLostSessions = (): Promise<LostSession[]> =>
    this.write(() => markLostSessions(this.driver, (record) => this.append(record)));
  appendJournal: JournalTable["append"] = (entries) =>
    this.write(() => this.journal.append(entries));
  listJournal: JournalTable["list"] = (query) => this.read(() => this.journal.list(query));
  pruneJournal: JournalTable["prune"] = (before) => this.write(() => this.journal.prune(before));

  /** Waits for every operation already started (appends included), then releases the database. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.held.release();
    this.closed = true;
    // What waits to share a commit (relaxed records, session rows) goes now, and what the
    // operations still running write next does not wait either.
    this.driverInstance?.closing?.();
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
    await this.committer.drain();
    await this.driverInstance?.close();
  }

  /**
   * Writes may queue (an append waits for its group commit, a row update behind a commit in
   * the SQLite worker) while a read goes straight to the database: a read waits for the
   * writes this store was given before it, so a caller reads its own writes (a session's view
   * or audit after its events). Writes given later do not hold it up.
   */
  private async read<T>(work: () => Promise<T>): Promise<T> {
    this.held.release();
    if (this.writes.size > 0) {
      // Their work reached the driver once `ready` has (it was waiting first): what the
      // driver holds back to share a message (sqlDriver.ts, flush) goes now.
      await this.ready.catch(() => undefined);
      this.driverInstance?.flush?.();
      await Promise.allSettled([...this.writes]);
    }
    return this.op(work);
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

  private write<T>(work: () => Promise<T>): Promise<T> {
    // What is held was asked for first (records before this one, rows before a put).
    this.held.release();
    if (this.options.readOnly) {
      return Promise.reject(
        new AcpgateError("audit_failed", `the audit store at ${this.location} is open read-only`, {
          location: this.location,
        }),
      );
    }
    const run = this.op(work);
    this.writes.add(run);
    const forget = (): void => void this.writes.delete(run);
    run.then(forget, forget);
    return run;
  }

  /**
   * One transaction for a batch, under the lock of this writer's chain: read that chain's
   * head, take ids, link, insert (linkedAppend.ts; in one message where the driver offers
   * `appendLinked`). The lock is needed although one store commits one batch at
   * a time: several processes may write one chain (the default chain of several `acpgate run`,
   * a replica restarted under its id while the old one still commits). The unique index on
   * (chain, seq) refuses a fork should two ever link to one head.
   */
  private async commit(items: Appended[]): Promise<AuditRecord[]> {
    const started = performance.now();
    const driver = this.driver;
    const inputs = items.map((item) => item.input);
    const relaxed = items.every((item) => item.relaxed);
    const append: LinkedAppend = {
      inputs,
      chain: this.chainId,
      dialect: driver.dialect,
      ...(this.writerKey !== undefined ? { key: this.writerKey } : {}),
    };
    const waits = items.every((item) => item.relaxed && !item.held);
    const records = await commitLinked(driver, append, waits);
    const ms = performance.now() - started;
    this.stats.records += records.length;
    this.stats.batches++;
    this.stats.commitMs += ms;
    if (this.commits.hasListeners) this.commits.emit({ ms, records: records.length, relaxed });
    return records;
  }
}
