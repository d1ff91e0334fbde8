import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { Hono } from "hono";
import type { Session } from "../../sessions/session.js";
import { promote } from "../../governance/promotion.js";
import { AcpgateError } from "../../util/errors.js";
import type { AppDeps } from "./appDeps.js";
import type { AppEnv } from "./appEnv.js";
import { createSessionBody, promotionBody, promptBody, sessionsQuery } from "./apiSchemas.js";
import { requireRole } from "./auth.js";
import { HttpProblem } from "./httpProblem.js";
import { readBody, readQuery } from "./readBody.js";
import { liveFacts, liveView, rowView, type SessionView } from "./sessionView.js";
import { withReplicas } from "../replicas/replicaViews.js";

/** `/api/agent-sessions`: create, list, get, prompt, cancel, close, promote. */
export function sessionRoutes(deps: AppDeps): Hono<AppEnv> {
  const { plane, desk } = deps;
  const app = new Hono<AppEnv>();
  const live = (id: string): Session => plane.manager.get(id);
  const viewOf = async (session: Session): Promise<SessionView> => {
    const facts = liveFacts(session, desk.list({ sessionId: session.id }).length);
    return liveView(facts, await plane.audit.getSession(session.id).catch(() => undefined));
  };
  /** A turn runs on after the 202: its outcome is in the events. */
  const startTurn = (session: Session, prompt: string, requestId: string): void => {
    session.prompt(prompt, { requestId }).catch((error: unknown) => {
      deps.logger?.warn({ sessionId: session.id, err: String(error) }, "turn failed");
    });
  };

  app.post("/", requireRole("operator"), async (c) => {
    const body = await readBody(c, createSessionBody);
    if (deps.draining?.())
      throw new HttpProblem(503, "draining", "the server is shutting down; no new sessions");
    if (!plane.catalogue.has(body.agent))
      throw new HttpProblem(
        400,
        "invalid_body",
        `body field 'agent': unknown agent '${body.agent}'`,
        {
          field: "agent",
          known: plane.catalogue.ids(),
        },
      );
    const cwd = resolve(body.cwd);
    if (!existsSync(cwd) || !statSync(cwd).isDirectory())
      throw new HttpProblem(
        400,
        "invalid_body",
        `body field 'cwd': '${body.cwd}' is not a directory`,
        {
          field: "cwd",
        },
      );
    const session = await plane.manager.create({
      agentId: body.agent,
      cwd,
      ...(body.policy ? { policy: body.policy } : {}),
      ...(body.environment ? { environment: body.environment } : {}),
      actor: c.get("principal").id,
      approver: desk.approver,
      unattended: false,
      requestId: c.get("requestId"),
    });
    // Replicas: every replica finds the session once the 201 is sent.
    await deps.replica?.settle(session.id);
    if (body.prompt) startTurn(session, body.prompt, c.get("requestId"));
    c.header("Location", `/api/agent-sessions/${session.id}`);
    return c.json(await viewOf(session), 201);
  });

  app.get("/", requireRole("viewer"), async (c) => {
    const query = readQuery(c, sessionsQuery);
    const facts = plane.manager
      .list()
      .map((session) => liveFacts(session, desk.list({ sessionId: session.id }).length));
    const rows = await plane.audit.listSessions({
      newestFirst: true,
      ...(query.agent ? { agentId: query.agent } : {}),
    });
    const byId = new Map(rows.map((r) => [r.id, rowView(r)]));
    for (const live of facts) {
      const { session } = live;
      if (query.agent && session.agentId !== query.agent) continue;
      byId.set(
        session.id,
        liveView(
          live,
          rows.find((r) => r.id === session.id),
        ),
      );
    }
    const all = [...byId.values()]
      .filter((v) => !query.state || v.state === query.state)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    const page = all.slice(query.offset, query.offset + query.limit);
    const items = deps.replica ? await withReplicas(page, deps.replica) : page;
    const next = query.offset + items.length;
    return c.json({ items, total: all.length, ...(next < all.length ? { nextOffset: next } : {}) });
  });

  app.get("/:id", requireRole("viewer"), async (c) => {
    const id = c.req.param("id");
    const running = plane.manager.list().find((s) => s.id === id);
    const row = running ? undefined : await plane.audit.getSession(id);
    if (!running && !row)
      throw new AcpgateError("session_not_found", `no session '${id}'`, { sessionId: id });
    const view = running ? await viewOf(running) : rowView(row!);
    return c.json(deps.replica ? ((await withReplicas([view], deps.replica))[0] ?? view) : view);
  });

  app.post("/:id/prompt", requireRole("operator"), async (c) => {
    const session = live(c.req.param("id"));
    const body = await readBody(c, promptBody);
    if (session.state !== "ready")
      throw new AcpgateError(
        "session_state",
        `cannot prompt while the session is ${session.state}`,
        {
          state: session.state,
        },
      );
    startTurn(session, body.prompt, c.get("requestId"));
    return c.json(await viewOf(session), 202);
  });

  app.post("/:id/cancel", requireRole("operator"), async (c) => {
    const session = live(c.req.param("id"));
    // Pending permission requests are answered `cancelled` by the session's guard.
    await session.cancel();
    return c.json(await viewOf(session), 202);
  });

  app.delete("/:id", requireRole("operator"), async (c) => {
    const session = live(c.req.param("id"));
    await plane.manager.close(session.id);
    return c.json(await viewOf(session));
  });

  app.post("/:id/promotions", requireRole("approver"), async (c) => {
    const session = live(c.req.param("id"));
    const body = await readBody(c, promotionBody);
    const to = body.to === "edit" ? "workspace-write" : body.to;
    const actor = c.get("principal").id;
    const result = await promote(session, { to, actor, reason: body.reason });
    // On the record before the answer: who moved the session, why, and from where to where.
    await plane.audit.append({
      sessionId: session.id,
      agentId: session.agentId,
      surface: "api",
      actor,
      kind: "promotion",
      data: { ...result, reason: body.reason, httpRequestId: c.get("requestId") },
    });
    return c.json({ ...result, actor, reason: body.reason });
  });

  return app;
}
