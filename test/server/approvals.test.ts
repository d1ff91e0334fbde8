import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PendingApproval } from "../../src/surfaces/server/approvalDesk.js";
import { apiHarness, waitFor, type ApiHarness } from "../support/apiHarness.js";

interface AuditItem {
  kind: string;
  actor: string;
  decision?: { outcome: string; approver?: string; reason: string };
}

async function startWrite(
  api: ApiHarness,
  text: string,
): Promise<{ id: string; pending: PendingApproval }> {
  const created = await api.call("POST", "/api/agent-sessions", "operator", {
    agent: "demo",
    cwd: api.dir,
    policy: "reviewed",
    prompt: `@write notes.txt ${text}`,
  });
  assert.equal(created.status, 201);
  const { id } = (await created.json()) as { id: string };
  const pending = await waitFor("a pending permission request", async () => {
    const list = await api.call(
      "GET",
      `/api/permission-requests?state=pending&session=${id}`,
      "viewer",
    );
    return ((await list.json()) as { items: PendingApproval[] }).items[0];
  });
  return { id, pending };
}

async function audit(api: ApiHarness, id: string): Promise<AuditItem[]> {
  const response = await api.call(
    "GET",
    `/api/audit?session=${id}&kind=permission_decided`,
    "viewer",
  );
  return ((await response.json()) as { items: AuditItem[] }).items;
}

async function turnEnded(api: ApiHarness, id: string): Promise<void> {
  await waitFor("the turn to end", async () => {
    const view = (await (await api.call("GET", `/api/agent-sessions/${id}`, "viewer")).json()) as {
      state: string;
      turns?: number;
    };
    return view.state === "ready" && view.turns === 1 ? true : undefined;
  });
}

test("ask waits for a person: operator 403, approver allows with a reason, audited, then the write lands", async () => {
  const api = apiHarness();
  try {
    const { id, pending } = await startWrite(api, "approved text");
    assert.match(pending.id, /^preq_/);
    assert.equal(pending.sessionId, id);
    assert.equal(pending.ruleId, "edits-need-a-person");
    assert.deepEqual(pending.paths, ["notes.txt"]);
    assert.equal(
      readFileSync(join(api.dir, "notes.txt"), "utf8"),
      "original\n",
      "nothing before a person decides",
    );

    const denied = await api.call(
      "POST",
      `/api/permission-requests/${pending.id}/decision`,
      "operator",
      {
        decision: "allow",
        reason: "looks fine",
      },
    );
    assert.equal(denied.status, 403);
    const decided = await api.call(
      "POST",
      `/api/permission-requests/${pending.id}/decision`,
      "approver",
      {
        decision: "allow",
        reason: "ticket 42 asks for it",
      },
    );
    assert.equal(decided.status, 200);
    assert.equal(((await decided.json()) as { decidedBy: string }).decidedBy, "token:approver");
    await turnEnded(api, id);
    assert.equal(readFileSync(join(api.dir, "notes.txt"), "utf8"), "approved text");
    const records = await audit(api, id);
    const byPerson = records.find((r) => r.decision?.approver === "token:approver");
    assert.ok(byPerson, JSON.stringify(records));
    assert.equal(byPerson.decision?.outcome, "allow");
    assert.equal(byPerson.decision?.reason, "ticket 42 asks for it");
    const again = await api.call(
      "POST",
      `/api/permission-requests/${pending.id}/decision`,
      "approver",
      {
        decision: "allow",
        reason: "twice",
      },
    );
    assert.equal(again.status, 404, "a decided request is no longer pending");
  } finally {
    await api.close();
  }
});

test("a rejection is recorded with the approver, and nothing is written", async () => {
  const api = apiHarness();
  try {
    const { id, pending } = await startWrite(api, "rejected text");
    await api.call("POST", `/api/permission-requests/${pending.id}/decision`, "admin", {
      decision: "reject",
      reason: "not today",
    });
    await turnEnded(api, id);
    assert.equal(readFileSync(join(api.dir, "notes.txt"), "utf8"), "original\n");
    const record = (await audit(api, id)).find((r) => r.decision?.approver === "token:admin");
    assert.equal(record?.decision?.outcome, "reject");
    assert.equal(record?.decision?.reason, "not today");
  } finally {
    await api.close();
  }
});

test("cancelling the session answers its pending request cancelled and takes it off the list", async () => {
  const api = apiHarness();
  try {
    const { id, pending } = await startWrite(api, "never");
    const cancelled = await api.call("POST", `/api/agent-sessions/${id}/cancel`, "operator");
    assert.equal(cancelled.status, 202);
    await waitFor("the request to leave the list", async () => {
      const list = await api.call("GET", "/api/permission-requests?state=pending", "viewer");
      return ((await list.json()) as { items: unknown[] }).items.length === 0 ? true : undefined;
    });
    const records = await waitFor("the cancelled decision", async () => {
      const r = await audit(api, id);
      return r.length ? r : undefined;
    });
    assert.equal(records[0]?.decision?.outcome, "cancelled");
    const late = await api.call(
      "POST",
      `/api/permission-requests/${pending.id}/decision`,
      "approver",
      {
        decision: "allow",
        reason: "too late",
      },
    );
    assert.equal(late.status, 404);
    assert.equal(readFileSync(join(api.dir, "notes.txt"), "utf8"), "original\n");
  } finally {
    await api.close();
  }
});

test("nobody deciding within the approval timeout rejects the request", async () => {
  const api = apiHarness({ approvalTimeoutMs: 300 });
  try {
    // Not polled while pending: on a busy machine it may time out before the first look.
    const created = await api.call("POST", "/api/agent-sessions", "operator", {
      agent: "demo",
      cwd: api.dir,
      policy: "reviewed",
      prompt: "@write notes.txt too slow",
    });
    assert.equal(created.status, 201);
    const { id } = (await created.json()) as { id: string };
    await turnEnded(api, id);
    assert.equal(readFileSync(join(api.dir, "notes.txt"), "utf8"), "original\n");
    const records = await audit(api, id);
    assert.equal(records[0]?.decision?.outcome, "reject");
    assert.match(records[0]?.decision?.reason ?? "", /nobody decided within/);
  } finally {
    await api.close();
  }
});

test("a promotion needs an approver and a reason, and moves the session to edit", async () => {
  const api = apiHarness();
  try {
    const created = await api.call("POST", "/api/agent-sessions", "operator", {
      agent: "demo",
      cwd: api.dir,
    });
    const { id } = (await created.json()) as { id: string };
    const byOperator = await api.call("POST", `/api/agent-sessions/${id}/promotions`, "operator", {
      to: "edit",
      reason: "needs to fix a typo",
    });
    assert.equal(byOperator.status, 403);
    const noReason = await api.call("POST", `/api/agent-sessions/${id}/promotions`, "approver", {
      to: "edit",
    });
    assert.equal(noReason.status, 400);
    const promoted = await api.call("POST", `/api/agent-sessions/${id}/promotions`, "approver", {
      to: "edit",
      reason: "needs to fix a typo",
    });
    assert.equal(promoted.status, 200);
    const result = (await promoted.json()) as { from: string; to: string; actor: string };
    assert.deepEqual(
      [result.from, result.to, result.actor],
      ["read-only", "workspace-write", "token:approver"],
    );
    const view = (await (await api.call("GET", `/api/agent-sessions/${id}`, "viewer")).json()) as {
      policy: string;
    };
    assert.equal(view.policy, "workspace-write");
    const records = await waitFor("the promotion record", async () => {
      const response = await api.call("GET", `/api/audit?session=${id}&kind=promotion`, "viewer");
      const items = (
        (await response.json()) as { items: { actor: string; data?: { reason?: string } }[] }
      ).items;
      return items.length ? items : undefined;
    });
    assert.equal(records[0]?.actor, "token:approver");
    assert.equal(records[0]?.data?.reason, "needs to fix a typo");
  } finally {
    await api.close();
  }
});
