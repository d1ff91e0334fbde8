import type { PostgresDriver } from "../../audit/postgresDriver.js";
import type { ApprovalDesk, PendingApproval } from "../server/approvalDesk.js";
import type { PendingQuestion, PendingQuestions } from "../../governance/pendingQuestions.js";
import type { Disposable } from "../../util/emitter.js";

/** What waits for a person: a permission request (the desk's) or an agent's question. */
export type PendingKind = "approval" | "question";

/** What the shared table says of an approval another replica may hold. */
export type ApprovalRoute =
  | { kind: "pending"; replica: string; sessionId: string }
  | { kind: "not_delivered"; replica: string; sessionId: string }
  | { kind: "none" };

/**
 * This replica's pending approvals and questions in `pending_approvals`, so that any replica
 * lists them and knows where to send a decision or an answer. Written in the order they are
 * reported (one queue), so a quick decision never deletes a row before it was inserted.
 */
export class ApprovalMirror implements Disposable {
  private chain: Promise<void> = Promise.resolve();
  private readonly subscriptions: Disposable[];

  constructor(
    private readonly driver: PostgresDriver,
    private readonly replicaId: string,
    desk: ApprovalDesk,
    questions: PendingQuestions,
    private readonly onError: (error: unknown) => void,
  ) {
    this.subscriptions = [
      desk.changes.on(({ change, approval }) =>
        this.enqueue(() =>
          change === "asked" ? this.insert("approval", approval) : this.remove(approval.id),
        ),
      ),
      questions.changes.on(({ change, question }) =>
        this.enqueue(() =>
          change === "asked" ? this.insert("question", question) : this.remove(question.id),
        ),
      ),
    ];
  }

  list(kind: "approval", filter?: { sessionId?: string }): Promise<PendingApproval[]>;
  list(kind: "question", filter?: { sessionId?: string }): Promise<PendingQuestion[]>;
  async list(
    kind: PendingKind,
    filter: { sessionId?: string } = {},
  ): Promise<(PendingApproval | PendingQuestion)[]> {
    await this.flush();
    const rows = await this.driver.all(
      `SELECT approval FROM pending_approvals WHERE kind = ? AND state = 'pending'${filter.sessionId ? " AND session_id = ?" : ""} ORDER BY id`,
      filter.sessionId ? [kind, filter.sessionId] : [kind],
    );
    return rows
      .map((r) => JSON.parse(String(r.approval)) as PendingApproval | PendingQuestion)
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
    for (const s of this.subscriptions) s.dispose();
  }

  private enqueue(work: () => Promise<void>): void {
    this.chain = this.chain.then(work).catch(this.onError);
  }

  private async insert(kind: PendingKind, item: PendingApproval | PendingQuestion): Promise<void> {
    await this.driver.run(
      `INSERT INTO pending_approvals (id, kind, session_id, replica_id, approval, state)
       VALUES (?, ?, ?, ?, ?, 'pending') ON CONFLICT (id) DO NOTHING`,
      [item.id, kind, item.sessionId, this.replicaId, JSON.stringify(item)],
    );
  }

  private async remove(id: string): Promise<void> {
    await this.driver.run(
      "DELETE FROM pending_approvals WHERE id = ? AND replica_id = ? AND state = 'pending'",
      [id, this.replicaId],
    );
  }
}
