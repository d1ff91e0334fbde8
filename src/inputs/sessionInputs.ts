import type { McpServerSpec, SecretSources } from "../config/environmentSchema.js";
import type { AgentEntry } from "../config/agentSchema.js";
import type { AcpgateConfig } from "../config/schema.js";
import { AcpgateError } from "../util/errors.js";
import type { CredentialBroker } from "./credentialBroker.js";
import { environmentMcpServers, mcpSecretRefs } from "./mcpInventory.js";
import { secretRefsDeep, secretRefsIn, substituteDeep, substituteSecrets } from "./secretRefs.js";

/** What an agent is given, before any secret is read: names only, safe to print. */
export interface InputsPlan {
  environment: string | undefined;
  /** The environment's policy, when it names one. */
  policy: string | undefined;
  /** Approved servers with `${secret:…}` references still in place. */
  mcpServers: McpServerSpec[];
  /** Agent env variable → secret names it is built from (`secrets: [X]` gives X → [X]). */
  agentEnvSecrets: Record<string, string[]>;
  /** Secrets referenced by auth `meta`. */
  authSecrets: string[];
  /** Every secret name the session needs. */
  secretNames: string[];
  sources: SecretSources;
}

/** What a session is given, with secret values in place. Never printed. */
export interface SessionInputs {
  /** Agent env variables whose values come from secrets (applied over literal `env`). */
  secrets: Record<string, string>;
  mcpServers: McpServerSpec[];
  /** auth `meta` with secrets substituted, when the entry has one. */
  authMeta?: Record<string, unknown>;
}

export function planInputs(options: {
  config: Pick<AcpgateConfig, "environments" | "secrets">;
  entry: AgentEntry;
  environment: string | undefined;
  baseDir: string;
}): InputsPlan {
  const { config, entry } = options;
  const env =
    options.environment === undefined ? undefined : environmentNamed(config, options.environment);
  const mcpServers = env ? environmentMcpServers(env, options.baseDir) : [];
  const agentEnvSecrets: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(literalEnv(entry))) {
    const refs = secretRefsIn(value);
    if (refs.length) agentEnvSecrets[name] = refs;
  }
  for (const name of entry.secrets) agentEnvSecrets[name] = [name];
  const authSecrets = secretRefsDeep(entry.auth?.meta ?? {});
  const secretNames = new Set<string>([
    ...Object.values(agentEnvSecrets).flat(),
    ...authSecrets,
    ...mcpServers.flatMap(mcpSecretRefs),
  ]);
  return {
    environment: options.environment,
    policy: env?.policy,
    mcpServers,
    agentEnvSecrets,
    authSecrets,
    secretNames: [...secretNames],
    sources: { ...config.secrets, ...(env?.secrets ?? {}) },
  };
}

/** Reads every secret the plan needs (failing with `secret_missing`) and puts values in place. */
export async function resolveInputs(
  plan: InputsPlan,
  entry: AgentEntry,
  broker: CredentialBroker,
): Promise<SessionInputs> {
  const values = await broker.resolve(plan.secretNames, plan.sources);
  const literal = literalEnv(entry);
  const secrets: Record<string, string> = {};
  for (const name of Object.keys(plan.agentEnvSecrets)) {
    secrets[name] = entry.secrets.includes(name)
      ? (values[name] ?? "")
      : substituteSecrets(literal[name] ?? "", values);
  }
  const mcpServers = plan.mcpServers.map((spec): McpServerSpec => {
    const sub = (pairs: { name: string; value: string }[]) =>
      pairs.map((p) => ({ name: p.name, value: substituteSecrets(p.value, values) }));
    return "url" in spec
      ? { ...spec, headers: sub(spec.headers) }
      : { ...spec, env: sub(spec.env) };
  });
  return {
    secrets,
    mcpServers,
    ...(entry.auth?.meta ? { authMeta: substituteDeep(entry.auth.meta, values) } : {}),
  };
}

export function environmentNamed(
  config: Pick<AcpgateConfig, "environments">,
  name: string,
): AcpgateConfig["environments"][string] {
  const env = config.environments[name];
  if (!env) {
    throw new AcpgateError(
      "config_invalid",
      `unknown environment '${name}'; known: ${Object.keys(config.environments).join(", ") || "none"}`,
      { environment: name },
    );
  }
  return env;
}

/** The entry's literal env (distribution env under the entry's own), as the catalogue merges it. */
function literalEnv(entry: AgentEntry): Record<string, string> {
  return { ...(entry.npx?.env ?? {}), ...(entry.binary?.env ?? {}), ...entry.env };
}
