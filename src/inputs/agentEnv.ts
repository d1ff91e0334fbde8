import { tmpdir } from "node:os";

/**
 * Variables an agent gets from the plane's environment without being configured: enough to
 * find binaries, a home, a locale, a terminal and a temp dir. Nothing else is inherited —
 * no tokens, no cloud credentials, no NODE_OPTIONS. This file is the only place that decides
 * what an agent process's environment holds (docs/inputs.md, "Environment safelist").
 */
export const SAFELISTED_ENV = ["PATH", "HOME", "LANG", "LC_ALL", "TERM", "TMPDIR", "TMP", "TEMP"];

export interface AgentEnvInput {
  /** The plane's own environment (process.env). */
  planeEnv: NodeJS.ProcessEnv;
  /** Names of the plane's variables the agent entry passes through (`passEnv`). */
  passEnv: string[];
  /** Literal values from the agent entry (`env`, or the distribution's env). */
  values: Record<string, string>;
  /** Secrets resolved by the broker, by variable name. */
  secrets?: Record<string, string>;
}

/** Where a variable of the agent's environment comes from; later layers win. */
export type AgentEnvOrigin = "safelist" | "default" | "passEnv" | "value" | "secret";

/** The complete environment of an agent process, built from a safelist. */
export function buildAgentEnv(input: AgentEnvInput): Record<string, string> {
  const env: Record<string, string> = {};
  for (const layer of layers(input)) Object.assign(env, layer.values);
  return env;
}

/**
 * The variable names an agent would get and where each comes from, without values: what
 * `acpgate agents show` prints. Same layers as buildAgentEnv.
 */
export function agentEnvOrigins(
  input: Omit<AgentEnvInput, "secrets"> & { secretNames: string[] },
): { name: string; origin: AgentEnvOrigin }[] {
  const secrets = Object.fromEntries(input.secretNames.map((name) => [name, ""]));
  const origins = new Map<string, AgentEnvOrigin>();
  for (const layer of layers({ ...input, secrets }))
    for (const name of Object.keys(layer.values)) origins.set(name, layer.origin);
  return [...origins].map(([name, origin]) => ({ name, origin }));
}

function layers(
  input: AgentEnvInput,
): { origin: AgentEnvOrigin; values: Record<string, string> }[] {
  const pick = (names: string[]): Record<string, string> => {
    const picked: Record<string, string> = {};
    for (const name of names) {
      const value = input.planeEnv[name];
      if (value !== undefined) picked[name] = value;
    }
    return picked;
  };
  const safelisted = pick(SAFELISTED_ENV);
  return [
    { origin: "safelist", values: safelisted },
    { origin: "default", values: safelisted.TMPDIR === undefined ? { TMPDIR: tmpdir() } : {} },
    { origin: "passEnv", values: pick(input.passEnv) },
    { origin: "value", values: input.values },
    { origin: "secret", values: input.secrets ?? {} },
  ];
}
