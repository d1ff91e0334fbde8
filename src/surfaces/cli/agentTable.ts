import { AGENT_SCHEMA } from "./agentSchemaTags.js";
import type { AgentCatalogueView } from "./agentCatalogueView.js";

/** `agents list --json`, schema acpgate.agent.v1: fields are only ever added. */
export function listRow(view: AgentCatalogueView): Record<string, unknown> {
  return {
    schema: AGENT_SCHEMA,
    id: view.id,
    command: view.command,
    dialect: view.dialect,
    description: view.description,
    name: view.name,
    sources: view.sources,
    start: view.start,
    available: view.available,
    fileAccess: view.fileAccess,
    readOnlyModes: view.readOnlyModes,
    defaultMode: view.defaultMode,
    verified: view.verified,
  };
}

/** The `agents list` table: one agent a line, whether it can start here, its read-only mode. */
export function formatAgentTable(views: readonly AgentCatalogueView[]): string {
  const rows = views.map((v) => [
    v.id,
    v.sources.join("+"),
    v.available.ok ? `✓ ${v.available.how}` : "✗ missing",
    v.readOnlyModes.join(",") || (v.fileAccess === "client" ? "(client fs)" : "-"),
    v.verified ? `${v.verified.version}${v.verified.tested ? " tested" : ""}` : "-",
    v.start,
  ]);
  const head = ["agent", "source", "available", "read-only", "verified", "start"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  const missing = views.filter((v) => !v.available.ok);
  return [
    line(head),
    ...rows.map(line),
    ...(missing.length ? ["", ...missing.map((v) => `! ${v.id}: ${v.available.detail}`)] : []),
  ]
    .join("\n")
    .concat("\n");
}
