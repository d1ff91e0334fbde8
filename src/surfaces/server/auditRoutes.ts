import { Hono } from "hono";
import { isAuditKind } from "../../audit/auditRecord.js";
import type { AppDeps } from "./appDeps.js";
import type { AppEnv } from "./appEnv.js";
import { auditQuery } from "./apiSchemas.js";
import { requireRole } from "./auth.js";
import { HttpProblem } from "./httpProblem.js";
import { readQuery } from "./readBody.js";

/** `GET /api/audit` (paged by record id: `?after=` the last id read) and `GET /api/audit/verify`. */
export function auditRoutes({ plane }: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/", requireRole("viewer"), async (c) => {
    const query = readQuery(c, auditQuery);
    if (query.kind !== undefined && !isAuditKind(query.kind))
      throw new HttpProblem(
        400,
        "invalid_query",
        `query field 'kind': unknown record kind '${query.kind}'`,
        {
          field: "kind",
        },
      );
    const items = await plane.audit.list({
      ...(query.session ? { sessionId: query.session } : {}),
      ...(query.kind && isAuditKind(query.kind) ? { kind: query.kind } : {}),
      afterId: query.after,
      limit: query.limit,
    });
    const last = items.at(-1);
    return c.json({
      items,
      ...(items.length === query.limit && last ? { nextAfter: last.id } : {}),
    });
  });
  app.get("/verify", requireRole("viewer"), async (c) => c.json(await plane.audit.verify()));
  return app;
}
