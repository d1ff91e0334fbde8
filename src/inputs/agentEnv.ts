import { tmpdir } from "node:os";

/**
 * Variables an agent gets from the plane's environment without being configured: enough to
 * find binaries, a home, a locale, a terminal and a temp dir. Nothing else is inherited —
 * no tokens, no cloud credentials, no NODE_OPTIONS.
 */
export const SAFELISTED_ENV = ["PATH", "HOME", "LANG", "LC_ALL", "TERM", "TMPDIR", "TMP", "TEMP"];

export interface AgentEnvInput {
  /** The plane's own environment (process.env). */
  planeEnv: NodeJS.ProcessEnv;
  /** Names of the plane's variables the agent entry passes through (`passEnv`). */
  passEnv: string[];
  /** Literal values from the agent entry (`env`, or the distribution's env). */
  values: Record<string, string>;
  /** Secrets resolved by the broker, by name. */
  secrets?: Record<string, string>;
}

/** The complete environment of an agent process, built from a safelist. */
export function buildAgentEnv(input: AgentEnvInput): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of [...SAFELISTED_ENV, ...input.passEnv]) {
    const value = input.planeEnv[name];
    if (value !== undefined) env[name] = value;
  }
  env.TMPDIR ??= tmpdir();
  Object.assign(env, input.values, input.secrets ?? {});
  return env;
}
