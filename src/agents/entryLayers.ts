import type { AgentConfig } from "../config/agentSchema.js";
import { posturesOf, type AgentFacts } from "./agentFacts.js";
import { registryStart, type RegistryAgent } from "./registryFormat.js";

/** Where a field of an effective entry came from. Later layers refine earlier ones. */
export type Origin = "builtin" | "registry" | "config";

export interface Layer {
  origin: Origin;
  fields: AgentConfig;
}

/**
 * Maps merged key by key (a config's `env: {HOME}` keeps the built-in's other variables).
 * `modes` is not one: a layer's mode map replaces the one before it whole, so a config can
 * unmap a mode the catalogue trusts (merging could only ever add trust).
 */
const MAPS = ["env", "clientCapabilities"] as const;
/** Lists that only add (a config's `secrets:` adds to what the agent already gets). */
const UNIONS = ["secrets", "passEnv", "require"] as const;
const LAUNCH = ["command", "npx", "binary"] as const;

export interface Merged {
  fields: AgentConfig;
  /** `field` or `field.key` → the layer that set it last. */
  origins: Record<string, Origin>;
}

/**
 * Merges layers in order: a way to start (command, npx, binary) replaces the previous one
 * whole; `env` and `clientCapabilities` merge by key; `secrets`, `passEnv` and `require`
 * add; every other field (`modes` too) is replaced.
 */
export function mergeLayers(layers: readonly Layer[]): Merged {
  const fields: Record<string, unknown> = {};
  const origins: Record<string, Origin> = {};
  for (const { origin, fields: layer } of layers) {
    if (LAUNCH.some((key) => layer[key] !== undefined)) {
      for (const key of LAUNCH) delete fields[key];
      origins.start = origin;
    }
    for (const [key, value] of Object.entries(layer)) {
      if (value === undefined) continue;
      if ((MAPS as readonly string[]).includes(key)) {
        const map = value as Record<string, unknown>;
        fields[key] = { ...(fields[key] as Record<string, unknown> | undefined), ...map };
        for (const name of Object.keys(map)) origins[`${key}.${name}`] = origin;
      } else if ((UNIONS as readonly string[]).includes(key)) {
        const before = (fields[key] as string[] | undefined) ?? [];
        fields[key] = [...new Set([...before, ...(value as string[])])];
      } else {
        fields[key] = value;
        if (key === "modes") {
          for (const old of Object.keys(origins)) if (old.startsWith("modes.")) delete origins[old];
          for (const name of Object.keys(value as Record<string, unknown>))
            origins[`modes.${name}`] = origin;
        }
      }
      origins[key] = origin;
    }
  }
  return { fields: fields, origins };
}

/** A built-in agent's facts as the first layer of its entry. */
export function factsLayer(facts: AgentFacts): Layer {
  const start =
    "npx" in facts.start
      ? {
          npx: {
            package: facts.start.npx.package,
            ...(facts.start.npx.bin ? { bin: facts.start.npx.bin } : {}),
            args: facts.start.npx.args ?? [],
            env: facts.start.npx.env ?? {},
          },
        }
      : {
          binary: {
            cmd: facts.start.binary.cmd,
            args: facts.start.binary.args ?? [],
            env: facts.start.binary.env ?? {},
          },
        };
  return {
    origin: "builtin",
    fields: {
      description: facts.description,
      ...start,
      ...(facts.env ? { env: facts.env } : {}),
      ...(facts.dialect ? { dialect: facts.dialect } : {}),
      modes: posturesOf(facts),
      fileAccess: facts.fileAccess,
      // Real agents boot a CLI (Claude Code, Gemini CLI) before they answer.
      ...(facts.id === "demo" ? {} : { startupTimeout: "60s" }),
    },
  };
}

/** A registry entry's layer: its description and how it starts. */
export function registryLayer(agent: RegistryAgent): Layer {
  const start = registryStart(agent);
  return {
    origin: "registry",
    fields: {
      ...(agent.description ? { description: agent.description } : {}),
      ...(start.npx ? { npx: start.npx } : {}),
      ...(start.binary ? { binary: start.binary } : {}),
    },
  };
}
