import { readOnlyModesOf, type ModeKind } from "../../agents/agentFacts.js";
import { availability, type Availability } from "../../agents/availability.js";
import type { CatalogueItem } from "../../agents/catalogue.js";
import type { Origin } from "../../agents/entryLayers.js";
import { resolveCommand } from "../../agents/resolveCommand.js";

/** One agent as `agents list` and `agents show` describe it: the effective entry's facts. */
export interface AgentCatalogueView {
  id: string;
  name: string;
  description: string;
  /** The layers it is made of: builtin, registry, config. */
  sources: Origin[];
  /** How the entry says it starts (`npx PACKAGE`, a binary, a command). */
  start: string;
  /** The command line it would run here. */
  command: string;
  available: Availability;
  dialect: string;
  fileAccess: "client" | "self";
  /** Modes: the posture each stands for in policy, what it does (catalogue), who said so. */
  modes: { id: string; posture: string | null; kind: ModeKind | null; origin: Origin | null }[];
  defaultMode: string | null;
  readOnlyModes: string[];
  auth: { methods: string[]; apiKeys: string[] };
  stateDirs: string[];
  quirks: { id: string; note: string }[];
  verified: { version: string; tested: boolean; how: string } | null;
  registry: CatalogueItem["registry"] | null;
  /** `field` or `field.key` → the layer that set it. */
  origins: Record<string, Origin>;
}

export function catalogueView(item: CatalogueItem): AgentCatalogueView {
  const { entry, facts } = item;
  const resolved = resolveCommand(entry);
  // The current line's modes first, then an older adapter's, then any the config adds.
  const lines = [facts?.modes, ...(facts?.versions ?? []).map((v) => v.modes)];
  const kinds: Record<string, ModeKind> = {};
  for (const modes of lines)
    for (const [id, kind] of Object.entries(modes?.kinds ?? {})) kinds[id] ??= kind;
  const ids = [...new Set([...Object.keys(kinds), ...Object.keys(entry.modes)])];
  const start = entry.npx
    ? `npx ${entry.npx.package}${entry.npx.args.length ? ` ${entry.npx.args.join(" ")}` : ""}`
    : entry.binary
      ? [entry.binary.cmd, ...entry.binary.args].join(" ")
      : [entry.command ?? "", ...entry.args].join(" ");
  return {
    id: item.id,
    name: facts?.name ?? item.registry?.id ?? item.id,
    description: entry.description ?? "",
    sources: item.sources,
    start,
    command: [resolved.command, ...resolved.args].join(" "),
    available: availability(entry, {
      ...(facts?.install ? { install: facts.install } : {}),
      ...(facts?.node ? { nodeRange: facts.node } : {}),
    }),
    dialect: entry.dialect,
    fileAccess: entry.fileAccess ?? "self",
    modes: ids.map((id) => ({
      id,
      posture: entry.modes[id] ?? null,
      kind: kinds[id] ?? null,
      origin: item.origins[`modes.${id}`] ?? null,
    })),
    defaultMode: facts?.modes.default ?? null,
    readOnlyModes: facts
      ? readOnlyModesOf(facts).filter((id) => entry.modes[id] === "read-only")
      : Object.keys(entry.modes).filter((id) => entry.modes[id] === "read-only"),
    auth: facts?.auth ?? { methods: [], apiKeys: [] },
    stateDirs: facts?.stateDirs ?? [],
    quirks: facts?.quirks ?? [],
    verified: facts?.verified ?? null,
    registry: item.registry ?? null,
    origins: item.origins,
  };
}

/** The `agents show` lines about where the agent comes from and what it does. */
export function formatCatalogueView(view: AgentCatalogueView): string[] {
  const from = (key: string): string => (view.origins[key] ? `  (${view.origins[key]})` : "");
  const lines = [
    `agent        ${view.id} — ${view.name}`,
    `sources      ${view.sources.join(" + ")}${view.registry ? ` (registry ${view.registry.source}: ${view.registry.id} ${view.registry.version})` : ""}`,
    `start        ${view.start}${from("start")}`,
    `available    ${view.available.ok ? "yes" : "no"}: ${view.available.detail}`,
    `dialect      ${view.dialect}${from("dialect")}`,
    `files        ${view.fileAccess === "client" ? "through the client (fs/*)" : "writes itself"}${from("fileAccess")}`,
    `modes        ${view.modes.length ? "" : "(none known)"}${view.defaultMode ? `starts in ${view.defaultMode}` : ""}`,
  ];
  for (const m of view.modes)
    lines.push(
      `  ${m.id.padEnd(22)} ${(m.kind ?? "?").padEnd(12)} → ${m.posture ?? "never chosen"}${m.origin ? `  (${m.origin})` : ""}`,
    );
  if (view.auth.methods.length || view.auth.apiKeys.length)
    lines.push(
      `auth         ${view.auth.methods.join(", ") || "-"}; reads ${view.auth.apiKeys.join(", ") || "no key"} (give keys through secrets:)`,
    );
  if (view.stateDirs.length) lines.push(`state        ${view.stateDirs.join(", ")}`);
  for (const q of view.quirks) lines.push(`quirk        ${q.id}: ${q.note}`);
  if (view.verified)
    lines.push(
      `verified     ${view.verified.version}, ${view.verified.tested ? "tested" : "not tested"} (${view.verified.how})`,
    );
  return lines;
}
