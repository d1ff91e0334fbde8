import { agentEntrySchema, type AgentEntry } from "../config/agentSchema.js";
import type { AcpgateConfig } from "../config/schema.js";
import { AcpgateError } from "../util/errors.js";
import type { AgentFacts } from "./agentFacts.js";
import { BUILTIN_FACTS } from "./builtin/index.js";
import { factsLayer, mergeLayers, registryLayer, type Layer, type Origin } from "./entryLayers.js";
import { registryStart, type RegistryAgent } from "./registryFormat.js";
import { readRegistry } from "./registrySource.js";

export { resolveCommand, type ResolvedCommand } from "./resolveCommand.js";

/** One agent of the catalogue: the effective entry and where each part of it came from. */
export interface CatalogueItem {
  id: string;
  entry: AgentEntry;
  /** acpgate's facts about it, when it is a built-in (or a registry agent of a built-in's id). */
  facts?: AgentFacts;
  registry?: { source: string; id: string; version: string; archive?: string };
  /** The layers it is made of, in order. */
  sources: Origin[];
  /** `field` or `field.key` → the layer that set it. */
  origins: Record<string, Origin>;
  /** Mode ids the config file's `modes:` names: checked against what the agent offers. */
  configuredModes: string[];
}

export interface CatalogueOptions {
  /** Where relative registry paths resolve from (the config file's directory). */
  baseDir?: string;
}

/** Ids of the built-in agents (config checks refer to them before any registry is read). */
export const BUILTIN_AGENT_IDS: readonly string[] = BUILTIN_FACTS.map((f) => f.id);

/**
 * The agents a plane can start: the built-ins, then the agents of configured ACP registries
 * (built-in facts applied on top by id), then the config file's `agents:`, which refine an
 * agent of the same id or add one.
 */
export class Catalogue {
  private readonly items = new Map<string, CatalogueItem>();
  /** Registry ids of built-ins (claude-acp → claude). */
  private readonly aliases = new Map<string, string>();

  constructor(
    config: Pick<AcpgateConfig, "agents"> & Partial<Pick<AcpgateConfig, "catalogue">>,
    options: CatalogueOptions = {},
  ) {
    const layers = new Map<string, { layers: Layer[]; item: Partial<CatalogueItem> }>();
    for (const facts of BUILTIN_FACTS) {
      layers.set(facts.id, { layers: [factsLayer(facts)], item: { facts } });
      for (const alias of facts.registryIds ?? []) this.aliases.set(alias, facts.id);
    }
    const registries = config.catalogue?.registry ?? [];
    for (const source of typeof registries === "string" ? [registries] : registries) {
      for (const agent of readRegistry(source, options.baseDir ?? process.cwd())) {
        const id = this.aliases.get(agent.id) ?? agent.id;
        const known = layers.get(id) ?? { layers: [], item: {} };
        known.layers.push(registryLayer(agent));
        known.item.registry = registryInfo(agent, source);
        layers.set(id, known);
      }
    }
    for (const [id, fields] of Object.entries(config.agents)) {
      const known = layers.get(this.aliases.get(id) ?? id) ?? { layers: [], item: {} };
      known.layers.push({ origin: "config", fields });
      known.item.configuredModes = Object.keys(fields.modes ?? {});
      layers.set(this.aliases.get(id) ?? id, known);
    }
    for (const [id, { layers: stack, item }] of layers) this.items.set(id, build(id, stack, item));
  }

  ids(): string[] {
    return [...this.items.keys()].sort();
  }

  has(id: string): boolean {
    return this.items.has(this.aliases.get(id) ?? id);
  }

  /** The effective entry of an agent (an alias from the ACP registry works too). */
  get(id: string): AgentEntry {
    return this.item(id).entry;
  }

  item(id: string): CatalogueItem {
    const item = this.items.get(this.aliases.get(id) ?? id);
    if (!item) {
      throw new AcpgateError(
        "agent_unknown",
        `unknown agent '${id}'; known agents: ${this.ids().join(", ")}`,
        { agentId: id, known: this.ids() },
      );
    }
    return item;
  }
}

function build(id: string, stack: Layer[], item: Partial<CatalogueItem>): CatalogueItem {
  const merged = mergeLayers(stack);
  const parsed = agentEntrySchema.safeParse(merged.fields);
  if (!parsed.success) {
    throw new AcpgateError(
      "config_invalid",
      `agent '${id}' is not a built-in or registry agent: its entry needs one of ` +
        `'command', 'npx' or 'binary' (${parsed.error.issues[0]?.message ?? "invalid"})`,
      { agentId: id },
    );
  }
  return {
    id,
    entry: parsed.data,
    ...(item.facts ? { facts: item.facts } : {}),
    ...(item.registry ? { registry: item.registry } : {}),
    sources: [...new Set(stack.map((l) => l.origin))],
    origins: merged.origins,
    configuredModes: item.configuredModes ?? [],
  };
}

function registryInfo(agent: RegistryAgent, source: string): CatalogueItem["registry"] {
  const start = registryStart(agent);
  return {
    source,
    id: agent.id,
    version: agent.version,
    ...(start.archive ? { archive: start.archive } : {}),
  };
}
