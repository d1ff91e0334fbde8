import { test } from "node:test";
import assert from "node:assert/strict";
import type { PendingApproval } from "../../src/surfaces/server/approvalDesk.js";
import { apiHarness, auth, waitFor, type ApiHarness } from "../support/apiHarness.js";

interface AuditItem {
  kind: string;
  data?: { httpRequestId?: string };
}

/** A JSON request with a role's token and the caller's own X-Request-Id. */
function traced(
  api: ApiHarness,
  method: string,
  path: string,
  role: "operator" | "approver",
  requestId: string,
  body: unknown,
) {
  return api.app.request(path, {
    method,
    headers: {
      ...auth(role),
      "content-type": "application/json",
      "x-request-id": requestId,
    },
    body: JSON.stringify(body),
  });
}

test("the request id of the HTTP request that caused an audit record is on it: session created, prompt, decision", async () => {
  const api = apiHarness();
  try {
    const created = await traced(api, "POST", "/api/agent-sessions", "operator", "trace-create", {
      agent: "demo",
      cwd: api.dir,
      policy: "reviewed",
    });
    assert.equal(created.status, 201);
    assert.equal(created.headers.get("x-request-id"), "trace-create");
    const { id } = (await created.json()) as { id: string };
    const prompted = await traced(
      api,
      "POST",
      `/api/agent-sessions/${id}/prompt`,
      "operator",
      "trace-prompt",
      {
        prompt: "@write notes.txt traced",
      },
    );
    assert.equal(prompted.status, 202);
    const pending = await waitFor("a pending permission request", async () => {
      const list = await api.call(
        "GET",
        `/api/permission-requests?state=pending&session=${id}`,
        "viewer",
      );
      return ((await list.json()) as { items: PendingApproval[] }).items[0];
    });
    const decided = await traced(
      api,
      "POST",
      `/api/permission-requests/${pending.id}/decision`,
      "approver",
      "trace-decide",
      {
        decision: "allow",
        reason: "traced",
      },
    );
    assert.equal(decided.status, 200);
    const byKind = await waitFor("the decision and the prompt on the record", async () => {
      const response = await api.call("GET", `/api/audit?session=${id}`, "viewer");
      const items = ((await response.json()) as { items: AuditItem[] }).items;
      const of = (kind: string) => items.find((r) => r.kind === kind)?.data?.httpRequestId;
      const found = {
        session_started: of("session_started"),
        prompt: of("prompt"),
        permission_decided: of("permission_decided"),
      };
      return Object.values(found).every(Boolean) ? found : undefined;
    });
    assert.deepEqual(byKind, {
      session_started: "trace-create",
      prompt: "trace-prompt",
      permission_decided: "trace-decide",
    });
  } finally {
    await api.close();
  }
});
