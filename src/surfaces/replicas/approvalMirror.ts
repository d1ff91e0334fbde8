import type { PostgresDriver } from "../../audit/postgresDriver.js";
import type { ApprovalDesk, PendingApproval } from "../server/approvalDesk.js";
import type { Disposable } from "../../util/emitter.js";

/** What the shared table says of an approval another replica may hold. */
export type ApprovalRoute =
  | { kind: "pending"; replica: string; sessionId: string }
  | { kind: "not_delivered"; replica: string; sessionId: string }
  | { kind: "none" };

/**
 * This replica's pending approvals in `pending_approvals`, so that any replica lists them and
 * knows where to send a decision. Written in the order the desk reports them (one queue), so
 * a quick decision never deletes a row before it was inserted.
 */
export class ApprovalMirror implements Disposable {
  private chain: Promise<void> = Promise.resolve();
  private readonly subscription: Disposable;

  constructor(
    private readonly driver: PostgresDriver,
    private readonly replicaId: string,
    desk: ApprovalDesk,
    private readonly onError: (error: unknown) => void,
  ) {
    this.subscription = desk.changes.on(({ change, approval }) =>
      this.enqueue(() => (change === "asked" ? this.insert(approval) : this.remove(approval.id))),
    );
  }

  async list(filter: { sessionId?: string } = {}): Promise<PendingApproval[]> {
    await this.flush();
    const rows = await this.driver.all(
      `SELECT approval FROM pending_approvals WHERE state = 'pending'${filter.sessionId ? " AND session_id = ?" : ""} ORDER BY id`,
      filter.sessionId ? [filter.sessionId] : [],
    );
    return rows
      .map((r) => JSON.parse(String(r.approval)) as PendingApproval)
      .sort((a, b) => a.askedAt.localeCompare(b.askedAt));
  }

  async routeOf(id: string): Promise<ApprovalRoute> {
    const rows = await this.driver.all(
      "SELECT replica_id, session_id, state FROM pending_approvals WHERE id = ?",
      [id],
    );
    const row = rows[0];
    if (!row) return { kind: "none" };
    const replica = String(row.replica_id);
    const sessionId = String(row.session_id);
    return row.state === "pending"
      ? { kind: "pending", replica, sessionId }
      : { kind: "not_delivered", replica, sessionId };
  }

  /** Resolves once every change reported so far is written. */
  flush(): Promise<void> {
    return this.chain;
  }

  dispose(): void {
    this.subscription.dispose();
  }

  private enqueue(work: () => Promise<void>): void {
    this.chain = this.chain.then(work).catch(this.onError);
  }

  private async insert(approval: PendingApproval): Promise<void> {
    await this.driver.run(
      `INSERT INTO pending_approvals (id, session_id, replica_id, approval, state) VALUES (?, ?, ?, ?, 'pending')
       ON CONFLICT (id) DO NOTHING`,
      [approval.id, approval.sessionId, this.replicaId, JSON.stringify(approval)],
    );
  }

  private async remove(id: string): Promise<void> {
    await this.driver.run(
      "DELETE FROM pending_approvals WHERE id = ? AND replica_id = ? AND state = 'pending'",
      [id, this.replicaId],
    );
  }
}
