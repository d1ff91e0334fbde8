import { test } from "node:test";
import assert from "node:assert/strict";
import type { ApprovalChange, PendingApproval } from "../../src/surfaces/server/apiTypes.js";
import { apiHarness, auth } from "../support/apiHarness.js";
import { SseReader } from "../support/sseReader.js";

test("GET /api/permission-requests/events: a snapshot, then each approval asked and resolved with who decided", async () => {
  const api = apiHarness();
  const readers: SseReader[] = [];
  try {
    const open = async (): Promise<SseReader> => {
      const response = await api.app.request("/api/permission-requests/events", {
        headers: auth("viewer"),
      });
      assert.equal(response.status, 200);
      assert.match(response.headers.get("content-type") ?? "", /^text\/event-stream/);
      const reader = new SseReader(response.body!);
      readers.push(reader);
      return reader;
    };
    const first = await open();
    const snapshot = await first.next();
    assert.equal(snapshot?.event, "snapshot");
    assert.deepEqual(JSON.parse(snapshot.data), { items: [] });

    const created = await api.call("POST", "/api/agent-sessions", "operator", {
      agent: "demo",
      cwd: api.dir,
      policy: "reviewed",
      prompt: "@write notes.txt streamed",
    });
    const { id } = (await created.json()) as { id: string };
    const asked = await first.next();
    assert.equal(asked?.event, "change");
    const change = JSON.parse(asked.data) as ApprovalChange;
    assert.equal(change.change, "asked");
    assert.equal(change.approval.sessionId, id);
    assert.equal(change.approval.ruleId, "edits-need-a-person");

    // A second page opened now gets the pending one in its snapshot.
    const second = await open();
    const later = JSON.parse((await second.next())?.data ?? "{}") as { items: PendingApproval[] };
    assert.deepEqual(
      later.items.map((a) => a.id),
      [change.approval.id],
    );

    const decided = await api.call(
      "POST",
      `/api/permission-requests/${change.approval.id}/decision`,
      "approver",
      { decision: "allow", reason: "fine by me" },
    );
    assert.equal(decided.status, 200);
    for (const reader of [first, second]) {
      const frame = await reader.next();
      const resolved = JSON.parse(frame?.data ?? "{}") as ApprovalChange;
      assert.equal(resolved.change, "resolved");
      assert.equal(resolved.approval.id, change.approval.id);
      assert.ok(resolved.change === "resolved");
      assert.deepEqual(resolved.resolution, {
        outcome: "allow",
        reason: "fine by me",
        decidedBy: "token:approver",
      });
    }
  } finally {
    for (const reader of readers) await reader.cancel();
    await api.close();
  }
});
