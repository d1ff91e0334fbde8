import { Hono } from "hono";
import { AcpgateError } from "../../util/errors.js";
import type { AppDeps } from "./appDeps.js";
import type { AppEnv } from "./appEnv.js";
import { eventsQuery } from "./apiSchemas.js";
import { EndedSessions } from "./endedSessions.js";
import { requireRole } from "./auth.js";
import { sessionEventStream } from "./eventStream.js";
import { HttpProblem } from "./httpProblem.js";
import { readQuery } from "./readBody.js";
import type { ServerMetrics } from "./serverMetrics.js";

/** `GET /api/agent-sessions/:id/events`: Server-Sent Events, resumable with `Last-Event-ID` or `?after=`. */
export function eventsRoute(deps: AppDeps, metrics?: ServerMetrics): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // A session that just ended is still streamed (its tail, then `end`) to a late reader.
  const ended = new EndedSessions(deps.plane.manager);
  app.get("/:id/events", requireRole("viewer"), async (c) => {
    const id = c.req.param("id");
    const local = ended.get(id) ?? deps.plane.manager.list().find((s) => s.id === id);
    // Replicas: a session another replica runs (or ran) streams from the shared rows.
    if (!local && !(deps.replica && (await deps.replica.knows(id))))
      throw new AcpgateError("session_not_found", `no session '${id}'`, { sessionId: id });
    const query = readQuery(c, eventsQuery);
    const header = c.req.header("last-event-id");
    let after = query.after ?? 0;
    if (header !== undefined && header.trim() !== "") {
      after = Number(header);
      if (!Number.isSafeInteger(after) || after < 0)
        throw new HttpProblem(
          400,
          "invalid_query",
          `Last-Event-ID '${header}' is not a sequence number`,
          {
            field: "Last-Event-ID",
          },
        );
    }
    metrics?.sseSubscribers.inc();
    const common = {
      after,
      heartbeatMs: deps.sse?.heartbeatMs ?? 15_000,
      onEnd: () => metrics?.sseSubscribers.dec(),
      ...(metrics ? { onDelivered: (ms: number) => metrics.eventLatency.observe(ms / 1000) } : {}),
    };
    const body = local
      ? sessionEventStream(local, { ...common, maxQueued: deps.sse?.maxQueued ?? 2_000 })
      : deps.replica!.stream(id, common);
    return new Response(body, {
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      },
    });
  });
  return app;
}
