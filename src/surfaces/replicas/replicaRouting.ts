import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../server/appEnv.js";
import { HttpProblem } from "../server/httpProblem.js";
import type { SessionManager } from "../../sessions/sessionManager.js";
import type { ForwardedAnswer } from "./replicaForwarder.js";
import type { Replica } from "./replica.js";

/**
 * Requests about one session, on a replica that does not run it: sent to the replica that
 * does, whose answer is returned as it is (status, problem details and all). A session
 * whose replica was lost answers `409 session_lost` to anything but a read. Requests this
 * replica can answer itself (its own sessions, ended ones, unknown ids, reads of rows), and
 * requests forwarded to it, go on to the local routes.
 */
export function sessionRouting(
  replica: Replica,
  manager: Pick<SessionManager, "list">,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = c.req.param("id");
    if (!id || c.env?.acpgateForwarded || c.req.path.endsWith("/events")) return next();
    if (manager.list().some((s) => s.id === id)) return next();
    const route = await replica.leases.routeOf(id);
    if (route.kind === "none" || (c.req.method === "GET" && route.kind === "lost")) return next();
    if (route.kind === "lost") throw lost(id, route.replica);
    if (route.replica === replica.id) return next();
    // Expired and not reaped yet: lost all the same; a read gets the row.
    if (!route.alive) {
      if (c.req.method === "GET") return next();
      throw lost(id, route.replica);
    }
    return forward(c, replica, route.replica, id);
  };
}

/**
 * A decision for an approval (or an answer to a question) another replica holds goes to it;
 * one for a lost session is 409. `holds` says whether this replica holds it itself.
 */
export function pendingRouting(
  replica: Replica,
  holds: (id: string) => boolean,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = c.req.param("id");
    if (!id || c.env?.acpgateForwarded) return next();
    if (holds(id)) return next();
    const route = await replica.approvals.routeOf(id);
    if (route.kind === "none" || route.replica === replica.id) return next();
    if (route.kind === "not_delivered" || !(await replica.leases.replicaAlive(route.replica)))
      throw lost(route.sessionId, route.replica, id);
    return forward(c, replica, route.replica, route.sessionId);
  };
}

async function forward(
  c: Context<AppEnv>,
  replica: Replica,
  target: string,
  sessionId: string,
): Promise<Response> {
  const body = c.req.method === "GET" ? undefined : await c.req.text();
  const answer: ForwardedAnswer = await replica.forwarder.forward(
    target,
    sessionId,
    {
      method: c.req.method,
      path: new URL(c.req.url).pathname + new URL(c.req.url).search,
      ...(body !== undefined && body !== "" ? { body } : {}),
      principal: c.get("principal"),
      requestId: c.get("requestId"),
    },
    async () => {
      const route = await replica.leases.routeOf(sessionId);
      return route.kind === "owned" && route.alive;
    },
  );
  return new Response(answer.body, {
    status: answer.status,
    headers: { "content-type": answer.contentType, "x-acpgate-replica": target },
  });
}

function lost(sessionId: string, replica: string, approvalId?: string): HttpProblem {
  return new HttpProblem(
    409,
    "session_lost",
    `session '${sessionId}' was lost with replica '${replica}' (replica_lost)${approvalId ? `: permission request '${approvalId}' was never delivered` : ""}`,
    {
      sessionId,
      replica,
      reason: "replica_lost",
      ...(approvalId ? { permissionRequestId: approvalId } : {}),
    },
  );
}
