import { Hono } from "hono";
import type { AppDeps } from "./appDeps.js";
import type { AppEnv } from "./appEnv.js";
import { decisionBody, permissionQuery } from "./apiSchemas.js";
import { approvalEventStream } from "./approvalStream.js";
import { requireRole } from "./auth.js";
import { readBody, readQuery } from "./readBody.js";

/**
 * `/api/permission-requests`: what waits for a person, and their decision. The decision is
 * recorded with the deciding principal and reason before the agent hears it (the session's
 * audit guard), so the response means it is on the record or the session has ended.
 */
export function permissionRoutes({ desk, sse, replica }: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/events", requireRole("viewer"), () => {
    const body = approvalEventStream(desk, { heartbeatMs: sse?.heartbeatMs ?? 15_000 });
    return new Response(body, {
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        "x-accel-buffering": "no",
      },
    });
  });
  app.get("/", requireRole("viewer"), async (c) => {
    const query = readQuery(c, permissionQuery);
    const filter = query.session ? { sessionId: query.session } : {};
    // Replicas: every replica's pending requests, from the shared table.
    return c.json({
      items: replica ? await replica.approvals.list("approval", filter) : desk.list(filter),
    });
  });
  app.post("/:id/decision", requireRole("approver"), async (c) => {
    const body = await readBody(c, decisionBody);
    const principal = c.get("principal").id;
    const approval = desk.decide(c.req.param("id"), {
      ...body,
      principal,
      requestId: c.get("requestId"),
    });
    return c.json({
      ...approval,
      decision: body.decision,
      scope: body.scope ?? "once",
      reason: body.reason,
      decidedBy: principal,
    });
  });
  return app;
}
