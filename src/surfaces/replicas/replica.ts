import { hostname } from "node:os";
import { PostgresDriver } from "../../audit/postgresDriver.js";
import type { ReplicaConfig } from "../../config/serverSchema.js";
import type { SessionEvent } from "../../sessions/events.js";
import type { Disposable } from "../../util/emitter.js";
import { parseDuration } from "../../util/duration.js";
import { AcpgateError, errorMessage } from "../../util/errors.js";
import type { Plane } from "../plane.js";
import type { ApprovalDesk } from "../server/approvalDesk.js";
import { ApprovalMirror } from "./approvalMirror.js";
import { EVENTS_CHANNEL, EventShipper } from "./eventShipper.js";
import { EventWakeups } from "./eventWakeups.js";
import { reapLostSessions, REPLICA_LOST } from "./lostReplicaSessions.js";
import { PgListener } from "./pgListener.js";
import { ANSWERS_CHANNEL, REQUESTS_CHANNEL, ReplicaForwarder } from "./replicaForwarder.js";
import { ReplicaLeases } from "./replicaLeases.js";
import { remoteEventStream, type RemoteStreamOptions } from "./remoteEventStream.js";
import { ensureReplicaSchema } from "./replicaSchema.js";
import { pruneReplicaRows } from "./pruneReplicaRows.js";

/** `hostname-pid`: unique on one host, and says where to look. */
export function defaultReplicaId(): string {
  return `${hostname()}-${process.pid}`;
}

export interface ReplicaTimings {
  leaseMs: number;
  heartbeatMs: number;
  drainMs: number;
  forwardMs: number;
}

export function replicaTimings(config: ReplicaConfig): ReplicaTimings {
  const ms = (value: string | number, what: string): number =>
    typeof value === "number" ? value * 1000 : parseDuration(value, `server.replica.${what}`);
  return {
    leaseMs: ms(config.leaseTimeout, "leaseTimeout"),
    heartbeatMs: ms(config.heartbeat, "heartbeat"),
    drainMs: ms(config.drainTimeout, "drainTimeout"),
    forwardMs: ms(config.forwardTimeout, "forwardTimeout"),
  };
}

const FINAL = new Set(["closed", "failed"]);

/**
 * This `acpgate serve` as one replica of several on one PostgreSQL (docs/deployment.md): it
 * leases the sessions it runs, ships their events, mirrors their pending approvals, serves
 * requests other replicas forward to it, and fails the sessions of replicas whose leases
 * expired. Everything goes through PostgreSQL; replicas never talk to each other directly.
 */
export class Replica {
  readonly driver: PostgresDriver;
  private readonly leaseDriver: PostgresDriver;
  private readonly shipDriver: PostgresDriver;
  readonly leases: ReplicaLeases;
  readonly forwarder: ReplicaForwarder;
  readonly wakeups = new EventWakeups();
  readonly approvals: ApprovalMirror;
  private readonly shipper: EventShipper;
  private readonly listener: PgListener;
  /** Sessions whose lease this replica took, with the write that took it. */
  private readonly held = new Map<string, Promise<void>>();
  /** Of those, the ones whose lease is committed. */
  private readonly acquired = new Set<string>();
  private readonly subscriptions: Disposable[] = [];
  private heartbeat: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  private stopped = false;

  constructor(
    readonly id: string,
    url: string,
    private readonly plane: Plane,
    desk: ApprovalDesk,
    readonly timings: ReplicaTimings,
    /** Events of sessions ended longer ago than this are deleted at start. */
    private readonly retentionDays = 30,
  ) {
    const warn = (what: string) => (error: unknown) =>
      plane.logger.warn({ err: errorMessage(error), replica: id }, what);
    this.driver = new PostgresDriver(url, { max: 16 });
    // Leases on connections of their own: a heartbeat never queues behind stream reads.
    this.leaseDriver = new PostgresDriver(url, { max: 2 });
    this.leases = new ReplicaLeases(this.leaseDriver, id, timings.leaseMs);
    this.forwarder = new ReplicaForwarder(this.driver, id, timings.forwardMs);
    // The stream, not the record (the audit is): its commits need not wait for the WAL flush.
    this.shipDriver = new PostgresDriver(url, { max: 1, asyncCommit: true });
    this.shipper = new EventShipper(this.shipDriver, warn("session events not shipped"));
    this.approvals = new ApprovalMirror(
      this.driver,
      id,
      desk,
      plane.questions,
      warn("pending approval not shared"),
    );
    this.listener = new PgListener(
      url,
      {
        [EVENTS_CHANNEL]: (sessionId) => this.wakeups.wake(sessionId),
        [REQUESTS_CHANNEL]: (target) => this.forwarder.wake(target),
        [ANSWERS_CHANNEL]: (requestId) => this.forwarder.answered(requestId),
      },
      () => {
        this.wakeups.wakeAll();
        this.forwarder.wake();
      },
    );
  }

  async start(): Promise<void> {
    // This replica's audit records, and those of sessions it reaps, go to its own chain.
    await this.plane.audit.useChain(this.id);
    await ensureReplicaSchema(this.driver);
    await pruneReplicaRows(this.driver, this.retentionDays);
    await this.leases.register();
    await this.listener.start();
    this.subscriptions.push(this.plane.manager.events.on((event) => this.onEvent(event)));
    this.heartbeat = setInterval(() => void this.beat(), this.timings.heartbeatMs);
    this.heartbeat.unref();
    await this.beat();
  }

  /** Resolves once this replica's lease on a session it runs is committed (before a 201). */
  async settle(sessionId: string): Promise<void> {
    await this.held.get(sessionId);
  }

  /** True when some replica holds or held the session (its lease, or its row). */
  async knows(sessionId: string): Promise<boolean> {
    const rows = await this.driver.all(
      `SELECT 1 AS known FROM session_leases WHERE session_id = ?
       UNION ALL SELECT 1 FROM sessions WHERE id = ? LIMIT 1`,
      [sessionId, sessionId],
    );
    return rows.length > 0;
  }

  /** The SSE of a session from the shared rows (a session another replica runs or ran). */
  stream(sessionId: string, options: Omit<RemoteStreamOptions, "pollMs">): ReadableStream {
    return remoteEventStream(this.driver, this.wakeups, sessionId, {
      ...options,
      pollMs: Math.min(1000, this.timings.heartbeatMs),
    });
  }

  /** Renews the leases, serves missed requests, fails the sessions of lost replicas. */
  private beat(): Promise<void> {
    this.beating ??= this.renewAndReap().finally(() => (this.beating = undefined));
    return this.beating;
  }

  private async renewAndReap(): Promise<void> {
    if (this.stopped) return;
    try {
      // Only leases committed before the renewal can be missing from what it renewed.
      const held = [...this.acquired];
      const still = await this.leases.heartbeat();
      await this.fenceLost(held.filter((id) => !still.has(id)));
      this.forwarder.wake();
      const reaped = await reapLostSessions(this.driver, this.id, (r) =>
        this.plane.audit.append(r),
      );
      for (const s of reaped)
        this.plane.logger.warn(
          { sessionId: s.sessionId, replica: s.replica, undelivered: s.undelivered },
          "session failed: its replica was lost",
        );
    } catch (error) {
      this.plane.logger.warn({ err: errorMessage(error), replica: this.id }, "heartbeat failed");
    }
  }

  /** A session this replica runs whose lease another replica reaped must not go on here. */
  private async fenceLost(gone: string[]): Promise<void> {
    for (const sessionId of gone) {
      if (!this.acquired.has(sessionId)) continue;
      const session = this.plane.manager.list().find((s) => s.id === sessionId);
      if (!session || FINAL.has(session.state)) continue;
      this.plane.logger.warn({ sessionId, replica: this.id }, "lease lost: ending the session");
      await session.kill(
        new AcpgateError("replica_lost", "this replica's lease on the session expired", {
          sessionId,
        }),
      );
    }
  }

  private onEvent(event: SessionEvent): void {
    this.shipper.ship(event);
    const id = event.sessionId;
    if (!this.held.has(id))
      this.held.set(
        id,
        this.leases.acquire(id).then(
          () => void this.acquired.add(id),
          () => undefined,
        ),
      );
    if (event.type === "session_state" && FINAL.has(event.state)) void this.release(id);
  }

  /** Gives the lease up once the session's last events are committed. */
  private async release(sessionId: string): Promise<void> {
    await this.held.get(sessionId);
    await this.shipper.flush();
    this.acquired.delete(sessionId);
    await this.leases.release(sessionId).catch(() => undefined);
    this.held.delete(sessionId);
  }

  /**
   * SIGTERM: no new sessions (the caller refuses them), running turns may finish until the
   * drain deadline, then every session closes with `replica_draining`; its events and
   * lease are settled before the replica leaves the table.
   */
  async drain(): Promise<void> {
    await this.leases.setDraining().catch(() => undefined);
    const deadline = Date.now() + this.timings.drainMs;
    while (
      Date.now() < deadline &&
      this.plane.manager.list().some((s) => s.state === "prompting" || s.state === "starting")
    )
      await new Promise((r) => setTimeout(r, 50));
    await Promise.all(
      this.plane.manager.list().map((s) => s.close("replica_draining").catch(() => undefined)),
    );
    await this.stop();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    await this.beating;
    this.stopped = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    await Promise.all([...this.held.keys()].map((id) => this.release(id)));
    await this.shipper.flush();
    await this.approvals.flush();
    this.approvals.dispose();
    for (const s of this.subscriptions) s.dispose();
    await this.leases.unregister().catch(() => undefined);
    await this.listener.close();
    await this.driver.close();
    await this.leaseDriver.close();
    await this.shipDriver.close();
  }
}

export { REPLICA_LOST };
