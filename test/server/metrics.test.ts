import { test } from "node:test";
import assert from "node:assert/strict";
import { apiHarness, auth, waitFor } from "../support/apiHarness.js";
import { SseReader } from "../support/sseReader.js";

function metric(text: string, line: RegExp): number | undefined {
  const found = text.split("\n").find((l) => line.test(l));
  return found === undefined ? undefined : Number(found.split(" ").at(-1));
}

test("GET /metrics: sessions by state, waiting approvals, decisions by outcome and rule kind, SSE, latency", async () => {
  const api = apiHarness();
  try {
    const unauth = await api.app.request("/metrics");
    assert.equal(unauth.status, 401);
    assert.match(
      unauth.headers.get("x-request-id") ?? "",
      /^req_/,
      "errors carry the request id too",
    );
    const traced = await api.app.request("/api/health", {
      headers: { "x-request-id": "trace-123" },
    });
    assert.equal(traced.headers.get("x-request-id"), "trace-123");

    const created = await api.call("POST", "/api/agent-sessions", "operator", {
      agent: "demo",
      cwd: api.dir,
      policy: "reviewed",
    });
    const { id } = (await created.json()) as { id: string };
    const events = await api.app.request(`/api/agent-sessions/${id}/events`, {
      headers: auth("viewer"),
    });
    assert.ok(events.body);
    const reader = new SseReader(events.body);
    await api.call("POST", `/api/agent-sessions/${id}/prompt`, "operator", {
      prompt: "@write notes.txt x",
    });
    await reader.until((m) => m.event === "permission_asked");
    const scrape = async (): Promise<string> => {
      const response = await api.call("GET", "/metrics", "viewer");
      assert.equal(response.status, 200);
      assert.match(response.headers.get("content-type") ?? "", /^text\/plain/);
      return response.text();
    };
    const waiting = await waitFor("the approval to wait", async () => {
      const text = await scrape();
      return metric(text, /^acpgate_approvals_waiting /) === 1 ? text : undefined;
    });
    assert.equal(metric(waiting, /^acpgate_sessions\{state="prompting",agent="demo"\}/), 1);
    assert.equal(metric(waiting, /^acpgate_sse_subscribers /), 1);
    assert.ok((metric(waiting, /^acpgate_event_latency_seconds_count /) ?? 0) > 0);
    const [pending] = desk(api);
    assert.ok(pending);
    await api.call("POST", `/api/permission-requests/${pending}/decision`, "approver", {
      decision: "allow",
      reason: "fine",
    });
    await reader.until((m) => m.event === "turn_ended");
    await reader.cancel();
    const after = await waitFor("the stream to close", async () => {
      const text = await scrape();
      return metric(text, /^acpgate_sse_subscribers /) === 0 ? text : undefined;
    });
    assert.equal(
      metric(after, /^acpgate_permission_decisions_total\{outcome="allow",rule_kind="rule"\}/),
      1,
    );
    assert.equal(metric(after, /^acpgate_approvals_waiting /), 0);
    assert.ok((metric(after, /^acpgate_audit_records_total /) ?? 0) > 0);
    const commits = metric(after, /^acpgate_audit_commit_seconds_count /) ?? 0;
    assert.ok(commits > 0, "audit write latency is a histogram of commits");
    assert.equal(metric(after, /^acpgate_audit_commit_seconds_bucket\{le="\+Inf"\}/), commits);
    assert.ok(
      (metric(after, /^acpgate_http_requests_total\{method="POST",status="201"\}/) ?? 0) >= 1,
    );
  } finally {
    await api.close();
  }
});

function desk(api: ReturnType<typeof apiHarness>): string[] {
  return api.desk.list().map((a) => a.id);
}
