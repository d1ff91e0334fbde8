import type { PostgresDriver } from "../../audit/postgresDriver.js";
import type { Principal } from "../server/tokens.js";
import { HttpProblem } from "../server/httpProblem.js";
import { EventWakeups, type Waiter } from "./eventWakeups.js";

/** Wakes the replica a request is for: payload its replica id. */
export const REQUESTS_CHANNEL = "acpgate_requests";
/** Wakes the replica waiting for an answer: payload the request's id. */
export const ANSWERS_CHANNEL = "acpgate_answers";

/** An HTTP request for a session another replica runs, as that replica's app receives it. */
export interface ForwardedRequest {
  method: string;
  path: string;
  body?: string;
  /** Who sent it, authenticated by the receiving replica. */
  principal: Principal;
  requestId: string;
}

/** The owner's HTTP answer, returned to the caller as it is. */
export interface ForwardedAnswer {
  status: number;
  contentType: string;
  body: string;
}

const POLL_MS = 250;

/**
 * Requests between replicas through PostgreSQL: a row in `replica_requests` is the payload,
 * a NOTIFY the wake-up, and both sides also poll, so a lost notification costs latency,
 * never the request. The owner claims its rows with `FOR UPDATE SKIP LOCKED` (each is served
 * once), runs each through its own app, and writes the answer on the row.
 */
export class ReplicaForwarder {
  private readonly answers = new EventWakeups();
  private handler: ((request: ForwardedRequest) => Promise<ForwardedAnswer>) | undefined;
  private claiming: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly driver: PostgresDriver,
    private readonly replicaId: string,
    private readonly timeoutMs: number,
  ) {}

  /** Sends `request` to `target` and waits for its answer; `stillThere` is asked while waiting. */
  async forward(
    target: string,
    sessionId: string,
    request: ForwardedRequest,
    stillThere: () => Promise<boolean>,
  ): Promise<ForwardedAnswer> {
    const id = await this.driver.transaction(async (tx) => {
      const rows = await tx.all(
        "INSERT INTO replica_requests (replica_id, session_id, request) VALUES (?, ?, ?) RETURNING id",
        [target, sessionId, JSON.stringify(request)],
      );
      await tx.run(`SELECT pg_notify('${REQUESTS_CHANNEL}', ?)`, [target]);
      return String(rows[0]?.id);
    });
    const waiter = this.answers.subscribe(id);
    try {
      return await this.await(id, target, sessionId, waiter, stillThere);
    } finally {
      waiter.dispose();
    }
  }

  private async await(
    id: string,
    target: string,
    sessionId: string,
    waiter: Waiter,
    stillThere: () => Promise<boolean>,
  ): Promise<ForwardedAnswer> {
    const deadline = Date.now() + this.timeoutMs;
    let polls = 0;
    for (;;) {
      const rows = await this.driver.all("SELECT answer FROM replica_requests WHERE id = ?", [id]);
      const answer = rows[0]?.answer;
      if (typeof answer === "string") {
        await this.driver.run("DELETE FROM replica_requests WHERE id = ?", [id]);
        return JSON.parse(answer) as ForwardedAnswer;
      }
      if (++polls % 4 === 0 && !(await stillThere())) {
        await this.driver.run("DELETE FROM replica_requests WHERE id = ?", [id]);
        throw new HttpProblem(
          409,
          "session_lost",
          `session '${sessionId}' was lost with replica '${target}' before it answered`,
          { sessionId, replica: target, reason: "replica_lost" },
        );
      }
      if (Date.now() > deadline) {
        await this.driver.run("DELETE FROM replica_requests WHERE id = ?", [id]);
        throw new HttpProblem(
          504,
          "replica_timeout",
          `replica '${target}', which runs session '${sessionId}', did not answer within ${this.timeoutMs} ms`,
          { sessionId, replica: target },
        );
      }
      await waiter.wait(POLL_MS);
    }
  }

  /** An `acpgate_answers` notification. */
  answered(id: string): void {
    this.answers.wake(id);
  }

  /** Serves the requests for this replica with `handler` (its own app). */
  serve(handler: (request: ForwardedRequest) => Promise<ForwardedAnswer>): void {
    this.handler = handler;
  }

  /** An `acpgate_requests` notification, or the heartbeat's poll: claim and serve what is open. */
  wake(target = this.replicaId): void {
    if (target !== this.replicaId || !this.handler) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = this.claim().finally(() => {
      this.claiming = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  private async claim(): Promise<void> {
    const rows = await this.driver
      .all(
        `UPDATE replica_requests SET claimed_at = now() WHERE id IN (
           SELECT id FROM replica_requests WHERE replica_id = ? AND claimed_at IS NULL
           ORDER BY id LIMIT 50 FOR UPDATE SKIP LOCKED)
         RETURNING id, request`,
        [this.replicaId],
      )
      .catch(() => []);
    // Each is answered on its own: a slow close must not hold up a decision behind it.
    for (const row of rows) void this.answer(String(row.id), String(row.request));
  }

  private async answer(id: string, text: string): Promise<void> {
    let answer: ForwardedAnswer;
    try {
      answer = await this.handler!(JSON.parse(text) as ForwardedRequest);
    } catch (error) {
      answer = {
        status: 500,
        contentType: "application/problem+json",
        body: JSON.stringify({ status: 500, code: "internal", detail: String(error) }),
      };
    }
    await this.driver
      .transaction(async (tx) => {
        await tx.run("UPDATE replica_requests SET answer = ? WHERE id = ?", [
          JSON.stringify(answer),
          id,
        ]);
        await tx.run(`SELECT pg_notify('${ANSWERS_CHANNEL}', ?)`, [id]);
      })
      .catch(() => undefined);
  }
}
