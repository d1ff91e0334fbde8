import { Hono } from "hono";
import type { AppDeps } from "./appDeps.js";
import type { AppEnv } from "./appEnv.js";
import type { AgentItem } from "./apiTypes.js";
import { requireRole } from "./auth.js";
import { catalogueView } from "../cli/agentCatalogueView.js";

/**
 * `GET /api/agents`: what each agent is and whether it can start here. Never its command
 * line, environment or secret values: only the names of the secrets it needs.
 */
export function agentsRoute({ plane }: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/", requireRole("viewer"), (c) => {
    const items = plane.catalogue.ids().map((id): AgentItem => {
      const item = plane.catalogue.item(id);
      const view = catalogueView(item);
      return {
        id: view.id,
        name: view.name,
        description: view.description,
        available: view.available.ok,
        dialect: view.dialect,
        fileAccess: view.fileAccess,
        modes: view.modes.map((m) => ({ id: m.id, posture: m.posture })),
        defaultMode: view.defaultMode,
        authMethods: view.auth.methods,
        secretNames: [...item.entry.secrets],
      };
    });
    return c.json({ items });
  });
  return app;
}
