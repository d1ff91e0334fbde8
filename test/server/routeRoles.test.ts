import { test } from "node:test";
import assert from "node:assert/strict";
import type { Role } from "../../src/config/serverSchema.js";
import { apiHarness } from "../support/apiHarness.js";

const ROLES: Role[] = ["viewer", "operator", "approver", "admin"];
const NO_SESSION = "ses_00000000-0000-0000-0000-000000000000";

/** Every authenticated route with the weakest role that may use it (DESIGN.md). */
const ROUTES: { method: string; path: string; role: Role; body?: unknown }[] = [
  { method: "GET", path: "/api/agents", role: "viewer" },
  { method: "GET", path: "/api/whoami", role: "viewer" },
  // An unknown agent: 400 once the role passes (a known one would be probed).
  { method: "POST", path: `/api/agents/${NO_SESSION}/doctor`, role: "operator" },
  {
    method: "POST",
    path: "/api/agent-sessions",
    role: "operator",
    body: { agent: "nope", cwd: "/" },
  },
  { method: "GET", path: "/api/agent-sessions", role: "viewer" },
  { method: "GET", path: `/api/agent-sessions/${NO_SESSION}`, role: "viewer" },
  {
    method: "POST",
    path: `/api/agent-sessions/${NO_SESSION}/prompt`,
    role: "operator",
    body: { prompt: "hi" },
  },
  { method: "POST", path: `/api/agent-sessions/${NO_SESSION}/cancel`, role: "operator" },
  { method: "DELETE", path: `/api/agent-sessions/${NO_SESSION}`, role: "operator" },
  { method: "GET", path: `/api/agent-sessions/${NO_SESSION}/events`, role: "viewer" },
  {
    method: "POST",
    path: `/api/agent-sessions/${NO_SESSION}/promotions`,
    role: "approver",
    body: { to: "edit", reason: "r" },
  },
  { method: "GET", path: "/api/permission-requests?state=pending", role: "viewer" },
  { method: "GET", path: "/api/permission-requests/events", role: "viewer" },
  {
    method: "POST",
    path: "/api/permission-requests/preq_none/decision",
    role: "approver",
    body: { decision: "allow", reason: "ok" },
  },
  { method: "GET", path: "/api/questions", role: "viewer" },
  {
    method: "POST",
    path: "/api/questions/q_none/answer",
    role: "approver",
    body: { outcome: "accepted" },
  },
  { method: "GET", path: "/api/audit", role: "viewer" },
  { method: "GET", path: "/api/audit/verify", role: "viewer" },
];

test("every route × role: weaker roles get 403 forbidden, the rest pass the role check", async () => {
  const api = apiHarness();
  try {
    for (const route of ROUTES) {
      const needed = ROLES.indexOf(route.role);
      for (const role of ROLES) {
        const response = await api.call(route.method, route.path, role, route.body);
        const what = `${route.method} ${route.path} as ${role}`;
        if (ROLES.indexOf(role) < needed) {
          assert.equal(response.status, 403, what);
          assert.equal(response.headers.get("content-type"), "application/problem+json", what);
          const problem = (await response.json()) as Record<string, unknown>;
          assert.equal(problem.code, "forbidden", what);
          assert.equal(problem.status, 403, what);
          assert.match(String(problem.detail), new RegExp(`needs the ${route.role} role`), what);
        } else {
          assert.ok(![401, 403].includes(response.status), `${what}: ${response.status}`);
          await response.body?.cancel();
        }
      }
    }
  } finally {
    await api.close();
  }
});

test("without a token, or with a wrong one, every route but health is 401 with WWW-Authenticate", async () => {
  const api = apiHarness();
  try {
    for (const route of ROUTES) {
      const variants: Record<string, string>[] = [
        {},
        { authorization: "Bearer acpg_not_a_token" },
        { authorization: "Basic eDp5" },
      ];
      for (const headers of variants) {
        const response = await api.app.request(route.path, { method: route.method, headers });
        assert.equal(response.status, 401, `${route.method} ${route.path}`);
        assert.match(response.headers.get("www-authenticate") ?? "", /^Bearer/);
        const problem = (await response.json()) as Record<string, unknown>;
        assert.equal(problem.code, "unauthorized");
        assert.equal(problem.type, "urn:acpgate:problem:unauthorized");
      }
    }
    const health = await api.app.request("/api/health");
    assert.equal(health.status, 200);
    assert.equal(((await health.json()) as { status: string }).status, "ok");
    assert.match(health.headers.get("x-request-id") ?? "", /^req_/);
  } finally {
    await api.close();
  }
});

test("/api/openapi.json: generated from the route schemas, one operation per route, with its role", async () => {
  const api = apiHarness();
  try {
    const response = await api.call("GET", "/api/openapi.json", "viewer");
    assert.equal(response.status, 200);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    assert.equal(doc.openapi, "3.1.0");
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(
        ([method, op]) => `${method.toUpperCase()} ${path} ${String(op["x-acpgate-role"])}`,
      ),
    );
    const expected = [
      ...ROUTES.map(
        (r) =>
          `${r.method} ${r.path
            .split("?")[0]
            ?.replace(NO_SESSION, "{id}")
            .replace(/(preq|q)_none/, "{id}")} ${r.role}`,
      ),
      "GET /api/health undefined",
      "GET /api/openapi.json viewer",
      "GET /metrics viewer",
    ];
    assert.deepEqual([...documented].sort(), [...expected].sort());
    const create = doc.paths["/api/agent-sessions"]?.post as {
      requestBody: { content: { "application/json": { schema: { required: string[] } } } };
    };
    assert.deepEqual(create.requestBody.content["application/json"].schema.required, [
      "agent",
      "cwd",
    ]);
    const list = doc.paths["/api/agent-sessions"]?.get as { parameters: { name: string }[] };
    assert.deepEqual(
      list.parameters.map((p) => p.name),
      ["state", "agent", "limit", "offset"],
    );
    // Every documented operation is served: none answers the router's own 404.
    for (const [path, ops] of Object.entries(doc.paths))
      for (const method of Object.keys(ops)) {
        const served = await api.call(
          method.toUpperCase(),
          path.replace("{id}", "x_1"),
          "admin",
          method === "get" ? undefined : {},
        );
        const body = served.headers.get("content-type")?.includes("json")
          ? ((await served.json()) as { code?: string })
          : {};
        await served.body?.cancel().catch(() => undefined);
        assert.notEqual(body.code, "not_found", `${method} ${path}`);
      }
  } finally {
    await api.close();
  }
});
