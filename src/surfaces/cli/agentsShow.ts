import { resolveCommand } from "../../agents/catalogue.js";
import { describeInputs, type AgentInputsView } from "../../inputs/describeInputs.js";
import { planInputs } from "../../inputs/sessionInputs.js";
import type { Plane } from "../plane.js";
import {
  catalogueView,
  formatCatalogueView,
  type AgentCatalogueView,
} from "./agentCatalogueView.js";

export type AgentView = AgentInputsView & { catalogue: AgentCatalogueView };

/**
 * `acpgate agents show ID [--env NAME]`: the effective entry (built-in, registry and config
 * merged, with where each field came from) and what the agent would be given, values masked.
 */
export function showAgent(plane: Plane, id: string, environment: string | undefined): AgentView {
  const item = plane.catalogue.item(id);
  const entry = item.entry;
  const plan = planInputs({ config: plane.config, entry, environment, baseDir: plane.baseDir });
  const inputs = describeInputs({
    id: item.id,
    command: resolveCommand(entry),
    entry,
    plan,
    planeEnv: process.env,
  });
  return { ...inputs, catalogue: catalogueView(item) };
}

export function formatAgentView(view: AgentView): string {
  const lines = [
    ...formatCatalogueView(view.catalogue),
    "",
    `command      ${view.command}`,
    `args         ${view.args.map(quote).join(" ") || "(none)"}`,
    `environment  ${view.environment ?? "(none)"}${view.policy ? ` (policy ${view.policy})` : ""}`,
    "",
    "env (values masked; nothing else is inherited):",
    ...view.env.map(
      (v) =>
        `  ${v.unset ? v.name : `${v.name}=${v.value}`}`.padEnd(32) +
        ` ${v.origin}${v.secrets?.length ? ` ${v.secrets.join(", ")}` : ""}${v.unset ? " (not set: not passed)" : ""}`,
    ),
    "",
    view.mcpServers.length ? "mcp servers:" : "mcp servers: (none)",
  ];
  for (const s of view.mcpServers) {
    const target = s.url ?? [s.command, ...(s.args ?? [])].map((a) => quote(a ?? "")).join(" ");
    lines.push(
      `  ${s.name.padEnd(14)} ${s.transport.padEnd(5)} ${s.required ? "required" : "optional"}  ${target}`,
    );
    const fields = [...(s.env ?? []), ...(s.headers ?? [])];
    if (fields.length) {
      const label = s.env ? "env" : "headers";
      lines.push(
        `    ${label}: ${fields.map((f) => (f.secrets.length ? `${f.name} (secret ${f.secrets.join(", ")})` : f.name)).join(", ")}`,
      );
    }
    if (s.needs) lines.push(`    given only if the agent advertises ${s.needs}`);
  }
  lines.push("", view.secrets.length ? "secrets (names only):" : "secrets: (none)");
  for (const s of view.secrets)
    lines.push(`  ${s.name.padEnd(20)} from ${s.from} ${s.where}  → ${s.usedBy.join(", ")}`);
  return lines.join("\n") + "\n";
}

function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : JSON.stringify(arg);
}
