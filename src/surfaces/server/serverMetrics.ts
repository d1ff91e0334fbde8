import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { SessionEvent } from "../../sessions/events.js";
import type { AppDeps } from "./appDeps.js";

/** `posture:read-only` → posture, `protected:.git` → protected, a configured rule's id → rule. */
export function ruleKindOf(ruleId: string | undefined): string {
  if (!ruleId) return "none";
  const colon = ruleId.indexOf(":");
  return colon > 0 ? ruleId.slice(0, colon) : "rule";
}

/**
 * The server's Prometheus metrics, on a registry of its own (two apps in one process never
 * share counters). Gauges are read when scraped; counters follow the sessions' events.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly sseSubscribers: Gauge;
  readonly eventLatency: Histogram;
  readonly requests: Counter<"method" | "status">;
  private readonly decisions: Counter<"outcome" | "rule_kind">;

  constructor(deps: Pick<AppDeps, "plane" | "desk">) {
    const { plane, desk } = deps;
    const registers = [this.registry];
    new Gauge({
      name: "acpgate_sessions",
      help: "sessions in this process, by state and agent",
      labelNames: ["state", "agent"],
      registers,
      collect() {
        this.reset();
        for (const s of plane.manager.list()) this.inc({ state: s.state, agent: s.agentId });
      },
    });
    this.decisions = new Counter({
      name: "acpgate_permission_decisions_total",
      help: "permission requests answered, by outcome and the kind of rule that decided",
      labelNames: ["outcome", "rule_kind"],
      registers,
    });
    new Gauge({
      name: "acpgate_approvals_waiting",
      help: "permission requests waiting for a person",
      registers,
      collect() {
        this.set(desk.size);
      },
    });
    new Gauge({
      name: "acpgate_approval_oldest_age_seconds",
      help: "how long the oldest waiting permission request has waited (0 when none)",
      registers,
      collect() {
        const oldest = Math.min(...desk.list().map((a) => Date.parse(a.askedAt)));
        this.set(Number.isFinite(oldest) ? (Date.now() - oldest) / 1000 : 0);
      },
    });
    this.sseSubscribers = new Gauge({
      name: "acpgate_sse_subscribers",
      help: "open event streams",
      registers,
    });
    this.eventLatency = new Histogram({
      name: "acpgate_event_latency_seconds",
      help: "from an event's creation to its hand-over to an SSE subscriber",
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    const auditCommits = new Histogram({
      name: "acpgate_audit_commit_seconds",
      help: "audit write latency: each durable commit of a batch of audit records (record-before-respond waits for it)",
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers,
    });
    // What a decision waits for; a relaxed commit's time is mostly its wait for company.
    plane.audit.commits.on((commit) => {
      if (!commit.relaxed) auditCommits.observe(commit.ms / 1000);
    });
    new Gauge({
      name: "acpgate_audit_records_total",
      help: "audit records committed by this process",
      registers,
      collect() {
        this.set(plane.audit.stats.records);
      },
    });
    this.requests = new Counter({
      name: "acpgate_http_requests_total",
      help: "HTTP requests, by method and status",
      labelNames: ["method", "status"],
      registers,
    });
    plane.manager.events.on((event) => this.observe(event));
  }

  private observe(event: SessionEvent): void {
    if (event.type === "permission_decided")
      this.decisions.inc({ outcome: event.outcome, rule_kind: ruleKindOf(event.ruleId) });
  }
}
