import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppDeps } from "./appDeps.js";
import type { AppEnv } from "./appEnv.js";
import type { WhoAmI } from "./apiTypes.js";
import { agentsRoute } from "./agentsRoute.js";
import { auditRoutes } from "./auditRoutes.js";
import { authenticate } from "./auth.js";
import { doctorRoute } from "./doctorRoute.js";
import { eventsRoute } from "./eventsRoute.js";
import { HttpProblem, problem, problemOf } from "./httpProblem.js";
import { permissionRoutes } from "./permissionRoutes.js";
import { questionRoutes } from "./questionRoutes.js";
import { requireRole } from "./auth.js";
import { openApiDocument } from "./openApi.js";
import { DEFAULT_WEB_ROOT, portalAssets } from "./portalAssets.js";
import { ServerMetrics } from "./serverMetrics.js";
import { sessionRoutes } from "./sessionRoutes.js";
import { pendingRouting, sessionRouting } from "../replicas/replicaRouting.js";

export type { AppDeps } from "./appDeps.js";

const PROBLEM_TYPE = "application/problem+json";

/**
 * The HTTP API as a Hono app, with no `listen`: `serve` hands it to @hono/node-server, tests
 * call `app.request()`. The portal's static files are served at `/` (portalAssets). One error handler maps every local and HTTP error to RFC 9457
 * problem details with a stable `code`. Every route but health needs a bearer token.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const maxBody = deps.maxBodyBytes ?? 1024 * 1024;
  const metrics = new ServerMetrics(deps);

  app.use("*", async (c, next) => {
    const given = c.req.header("x-request-id");
    const requestId = given && /^[\w.:-]{1,128}$/.test(given) ? given : `req_${randomUUID()}`;
    c.set("requestId", requestId);
    const started = performance.now();
    await next();
    c.res.headers.set("x-request-id", requestId);
    metrics.requests.inc({ method: c.req.method, status: String(c.res.status) });
    deps.logger?.info(
      {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        principal: c.get("principal")?.id,
      },
      "request",
    );
  });
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: maxBody,
      onError: () => {
        throw new HttpProblem(413, "body_too_large", `the body is larger than ${maxBody} bytes`, {
          maxBytes: maxBody,
        });
      },
    }),
  );

  app.get("/api/health", (c) =>
    c.json({
      status: deps.draining?.() ? "draining" : "ok",
      sessions: deps.plane.manager.list().length,
      ...(deps.replica ? { replica: deps.replica.id } : {}),
    }),
  );
  app.use("/api/*", authenticate(deps.tokens));
  app.get("/metrics", authenticate(deps.tokens), requireRole("viewer"), async (c) =>
    c.body(await metrics.registry.metrics(), 200, { "content-type": metrics.registry.contentType }),
  );
  const openApi = openApiDocument();
  app.get("/api/whoami", requireRole("viewer"), (c) => {
    const { id, name, role } = c.get("principal");
    return c.json({ principal: id, name, role } satisfies WhoAmI);
  });
  app.get("/api/openapi.json", requireRole("viewer"), (c) => c.json(openApi));
  app.route("/api/agents", agentsRoute(deps));
  app.route("/api/agents", doctorRoute(deps));
  if (deps.replica) {
    // Requests about a session another replica runs go to it (docs/deployment.md).
    const routing = sessionRouting(deps.replica, deps.plane.manager);
    app.use("/api/agent-sessions/:id", routing);
    app.use("/api/agent-sessions/:id/*", routing);
    const desk = deps.desk;
    const questions = deps.plane.questions;
    app.use(
      "/api/permission-requests/:id/decision",
      pendingRouting(deps.replica, (id) => desk.list().some((a) => a.id === id)),
    );
    app.use(
      "/api/questions/:id/answer",
      pendingRouting(deps.replica, (id) => questions.list().some((q) => q.id === id)),
    );
  }
  app.route("/api/agent-sessions", eventsRoute(deps, metrics));
  app.route("/api/agent-sessions", sessionRoutes(deps));
  app.route("/api/permission-requests", permissionRoutes(deps));
  app.route("/api/questions", questionRoutes(deps));
  app.route("/api/audit", auditRoutes(deps));
  if (deps.webRoot !== false) app.route("/", portalAssets(deps.webRoot ?? DEFAULT_WEB_ROOT));

  app.notFound((c) => {
    const body = problem(404, "not_found", `no route ${c.req.method} ${c.req.path}`);
    return c.body(JSON.stringify(body), 404, { "content-type": PROBLEM_TYPE });
  });
  app.onError((error, c) => {
    const body = problemOf(error);
    if (body.status >= 500)
      deps.logger?.error({ requestId: c.get("requestId"), err: String(error) }, "request failed");
    const headers: Record<string, string> = { "content-type": PROBLEM_TYPE };
    if (body.status === 401) headers["www-authenticate"] = 'Bearer realm="acpgate"';
    return c.body(
      JSON.stringify({ ...body, requestId: c.get("requestId") }),
      body.status as 400,
      headers,
    );
  });
  return app;
}
