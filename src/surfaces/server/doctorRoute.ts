import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { AcpgateError } from "../../util/errors.js";
import { runDoctor } from "../cli/doctor.js";
import type { DoctorReport } from "../cli/doctorReport.js";
import { createPlane } from "../plane.js";
import type { AppDeps } from "./appDeps.js";
import type { AppEnv } from "./appEnv.js";
import { requireRole } from "./auth.js";

/**
 * `POST /api/agents/:id/doctor`: the capability matrix of `acpgate agents doctor ID`, probed
 * now (operator: it starts the agent) in a throwaway directory, on a plane of its own with
 * no audit, as the command does. One probe per agent at a time: a second caller shares it.
 */
export function doctorRoute({ plane, logger }: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const running = new Map<string, Promise<DoctorReport>>();
  const probe = async (agentId: string): Promise<DoctorReport> => {
    const probePlane = createPlane({
      configFile: plane.configFile,
      cwd: plane.baseDir,
      audit: false,
      ...(logger ? { logger } : {}),
    });
    const workspace = realpathSync(mkdtempSync(join(tmpdir(), "acpgate-doctor-")));
    try {
      return await runDoctor({
        manager: probePlane.manager,
        agentId,
        entry: probePlane.catalogue.get(agentId),
        cwd: workspace,
        policy: probePlane.policy,
      });
    } finally {
      await probePlane.dispose().catch(() => undefined);
      rmSync(workspace, { recursive: true, force: true });
    }
  };
  app.post("/:id/doctor", requireRole("operator"), async (c) => {
    const id = c.req.param("id");
    if (!plane.catalogue.has(id))
      throw new AcpgateError("usage", `unknown agent '${id}'`, { known: plane.catalogue.ids() });
    let report = running.get(id);
    if (!report) {
      report = probe(id).finally(() => running.delete(id));
      running.set(id, report);
    }
    return c.json(await report);
  });
  return app;
}
