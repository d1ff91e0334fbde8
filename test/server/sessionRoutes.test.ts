import { test } from "node:test";
import assert from "node:assert/strict";
import { apiHarness, waitFor, type ApiHarness } from "../support/apiHarness.js";

interface View {
  id: string;
  state: string;
  actor?: string;
  policy?: string;
  lastEventId?: number;
  stopReason?: string;
}

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function problemOf(response: Response): Promise<Record<string, unknown>> {
  assert.equal(response.headers.get("content-type"), "application/problem+json");
  return json(response);
}

async function readyAfterTurn(api: ApiHarness, id: string, turns = 1): Promise<View> {
  return waitFor("the turn to end", async () => {
    const view = await json<View & { turns?: number }>(
      await api.call("GET", `/api/agent-sessions/${id}`, "viewer"),
    );
    return view.state === "ready" && (view.turns ?? 0) >= turns ? view : undefined;
  });
}

test("a session's life over HTTP: create with a prompt, get, list, prompt, close", async () => {
  const api = apiHarness({ files: { "README.md": "# Widget\n\nThings.\n" } });
  try {
    const created = await api.call("POST", "/api/agent-sessions", "operator", {
      agent: "demo",
      cwd: api.dir,
      prompt: "summarise README.md",
    });
    assert.equal(created.status, 201);
    const view = await json<View>(created);
    assert.match(view.id, /^ses_/);
    assert.equal(created.headers.get("location"), `/api/agent-sessions/${view.id}`);
    assert.equal(view.actor, "token:operator");
    assert.equal(view.policy, "read-only");
    const done = await readyAfterTurn(api, view.id);
    assert.equal(done.stopReason, "end_turn");

    const prompted = await api.call("POST", `/api/agent-sessions/${view.id}/prompt`, "operator", {
      prompt: "@say hello again",
    });
    assert.equal(prompted.status, 202);
    await readyAfterTurn(api, view.id, 2);
    // The token's principal is the actor of every prompt on the record.
    const audit = await json<{ items: { kind: string; actor: string }[] }>(
      await api.call("GET", `/api/audit?session=${view.id}&kind=prompt`, "viewer"),
    );
    assert.equal(audit.items.length, 2);
    assert.ok(audit.items.every((r) => r.actor === "token:operator"));

    const other = await json<View>(
      await api.call("POST", "/api/agent-sessions", "admin", { agent: "demo", cwd: api.dir }),
    );
    const list = await json<{ items: View[]; total: number; nextOffset?: number }>(
      await api.call("GET", "/api/agent-sessions?limit=1", "viewer"),
    );
    assert.equal(list.total, 2);
    assert.equal(list.items.length, 1);
    assert.equal(list.items[0]?.id, other.id, "newest first");
    assert.equal(list.nextOffset, 1);
    const page2 = await json<{ items: View[] }>(
      await api.call("GET", "/api/agent-sessions?limit=1&offset=1", "viewer"),
    );
    assert.equal(page2.items[0]?.id, view.id);
    const byState = await json<{ items: View[] }>(
      await api.call("GET", "/api/agent-sessions?state=closed", "viewer"),
    );
    assert.equal(byState.items.length, 0);
    const byAgent = await json<{ items: View[] }>(
      await api.call("GET", "/api/agent-sessions?agent=envy", "viewer"),
    );
    assert.equal(byAgent.items.length, 0);

    const closed = await api.call("DELETE", `/api/agent-sessions/${view.id}`, "operator");
    assert.equal(closed.status, 200);
    assert.equal((await json<View>(closed)).state, "closed");
    const after = await json<View>(
      await api.call("GET", `/api/agent-sessions/${view.id}`, "viewer"),
    );
    assert.equal(after.state, "closed", "a closed session is still found, from the store");
    const gone = await api.call("POST", `/api/agent-sessions/${view.id}/prompt`, "operator", {
      prompt: "x",
    });
    assert.equal(gone.status, 404);
    assert.equal((await problemOf(gone)).code, "session_not_found");
  } finally {
    await api.close();
  }
});

test("bad bodies are 400 naming the field; unknown ids 404; oversize bodies 413", async () => {
  const api = apiHarness();
  try {
    const cases: { path: string; body: unknown; field: string; role?: "operator" | "approver" }[] =
      [
        { path: "/api/agent-sessions", body: { cwd: api.dir }, field: "agent" },
        { path: "/api/agent-sessions", body: { agent: "demo" }, field: "cwd" },
        {
          path: "/api/agent-sessions",
          body: { agent: "no-such-agent", cwd: api.dir },
          field: "agent",
        },
        {
          path: "/api/agent-sessions",
          body: { agent: "demo", cwd: `${api.dir}/missing` },
          field: "cwd",
        },
        {
          path: "/api/agent-sessions",
          body: { agent: "demo", cwd: api.dir, prompt: 7 },
          field: "prompt",
        },
        {
          path: "/api/permission-requests/preq_x/decision",
          body: { decision: "maybe", reason: "r" },
          field: "decision",
          role: "approver",
        },
        {
          path: "/api/permission-requests/preq_x/decision",
          body: { decision: "allow", reason: "  " },
          field: "reason",
          role: "approver",
        },
      ];
    for (const c of cases) {
      const response = await api.call("POST", c.path, c.role ?? "operator", c.body);
      assert.equal(response.status, 400, JSON.stringify(c.body));
      const problem = await problemOf(response);
      assert.equal(problem.code, "invalid_body");
      assert.equal(problem.field, c.field, JSON.stringify(problem));
      assert.match(String(problem.detail), new RegExp(`'${c.field}'`));
    }
    const notJson = await api.call("POST", "/api/agent-sessions", "operator", "{not json");
    assert.equal(notJson.status, 400);
    assert.equal((await problemOf(notJson)).code, "invalid_body");

    const session = await json<View>(
      await api.call("POST", "/api/agent-sessions", "operator", { agent: "demo", cwd: api.dir }),
    );
    const emptyPrompt = await api.call(
      "POST",
      `/api/agent-sessions/${session.id}/prompt`,
      "operator",
      {
        prompt: "",
      },
    );
    assert.equal((await problemOf(emptyPrompt)).field, "prompt");

    for (const [method, path, role] of [
      ["GET", "/api/agent-sessions/ses_nope", "viewer"],
      ["GET", "/api/agent-sessions/ses_nope/events", "viewer"],
      ["POST", "/api/agent-sessions/ses_nope/cancel", "operator"],
      ["DELETE", "/api/agent-sessions/ses_nope", "operator"],
    ] as const) {
      const response = await api.call(method, path, role);
      assert.equal(response.status, 404, path);
      assert.equal((await problemOf(response)).code, "session_not_found");
    }
    const noRequest = await api.call(
      "POST",
      "/api/permission-requests/preq_nope/decision",
      "approver",
      {
        decision: "allow",
        reason: "fine",
      },
    );
    assert.equal(noRequest.status, 404);
    assert.equal((await problemOf(noRequest)).code, "permission_request_not_found");
    const noQuestion = await api.call("POST", "/api/questions/q_nope/answer", "approver", {
      outcome: "accepted",
    });
    assert.equal((await problemOf(noQuestion)).code, "question_not_found");
    const noRoute = await api.call("GET", "/api/nothing-here", "viewer");
    assert.equal(noRoute.status, 404);
    assert.equal((await problemOf(noRoute)).code, "not_found");

    const big = await api.call("POST", "/api/agent-sessions", "operator", {
      agent: "demo",
      cwd: api.dir,
      prompt: "x".repeat(2 * 1024 * 1024),
    });
    assert.equal(big.status, 413);
    assert.equal((await problemOf(big)).code, "body_too_large");

    const busy = await api.call("POST", `/api/agent-sessions/${session.id}/prompt`, "operator", {
      prompt: "@sleep 400",
    });
    assert.equal(busy.status, 202);
    const again = await api.call("POST", `/api/agent-sessions/${session.id}/prompt`, "operator", {
      prompt: "x",
    });
    assert.equal(again.status, 409);
    assert.equal((await problemOf(again)).code, "session_state");
  } finally {
    await api.close();
  }
});

test("GET /api/agents lists agents without command lines, env or secret values", async () => {
  const api = apiHarness();
  try {
    const response = await api.call("GET", "/api/agents", "viewer");
    const text = await response.text();
    const body = JSON.parse(text) as { items: { id: string; secretNames: string[] }[] };
    assert.ok(body.items.some((a) => a.id === "demo"));
    assert.ok(body.items.some((a) => a.id === "envy"));
    assert.doesNotMatch(text, /value-that-must-not-show/);
    assert.doesNotMatch(text, /ENVY_FLAG/);
    assert.doesNotMatch(text, /--version/);
  } finally {
    await api.close();
  }
});
