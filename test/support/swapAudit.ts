import { basename } from "node:path";
import { runCli } from "./swapRehearsal.js";

/** One `permission_decided` record as the rehearsal checks it. */
export interface AuditedDecision {
  file: string | undefined;
  outcome: string | undefined;
  ruleId: string | undefined;
  actor: string;
}

/**
 * The permission decisions a rehearsal run left in its audit, read back through the real
 * `acpgate audit list --json`. The run's store is `.acpgate/acpgate.db` relative to the
 * process cwd (the default storage), and the rehearsal runs each agent with cwd = its
 * workspace, so the list runs there too.
 */
export async function auditedDecisions(
  workspace: string,
  config: string,
): Promise<AuditedDecision[]> {
  const args = ["audit", "list", "--kind", "permission_decided", "--json", "--config", config];
  const result = await runCli(args, workspace);
  if (result.code !== 0) throw new Error(`audit list exited ${result.code}: ${result.stderr}`);
  return result.stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const record = JSON.parse(line) as {
        actor: string;
        tool?: { paths?: string[] };
        decision?: { outcome?: string; ruleId?: string };
      };
      const path = record.tool?.paths?.[0];
      return {
        file: path === undefined ? undefined : basename(path),
        outcome: record.decision?.outcome,
        ruleId: record.decision?.ruleId,
        actor: record.actor,
      };
    });
}
