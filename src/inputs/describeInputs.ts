import type { AgentEntry } from "../config/agentSchema.js";
import type { SecretSource } from "../config/environmentSchema.js";
import { agentEnvOrigins, type AgentEnvOrigin } from "./agentEnv.js";
import { transportOf } from "./mcpInventory.js";
import { secretRefsIn } from "./secretRefs.js";
import type { InputsPlan } from "./sessionInputs.js";

/**
 * `agents show` hides every value, secret or not (PATH too): this placeholder says "not
 * shown", it is not the mask of a redacted secret (`MASK`, src/util/secretRegistry.ts).
 */
const HIDDEN_VALUE = "***";

/** What `acpgate agents show` prints: names and origins, every value masked. */
export interface AgentInputsView {
  id: string;
  command: string;
  args: string[];
  environment: string | null;
  policy: string | null;
  /** `unset`: a `passEnv` name the plane's environment does not have (the agent won't either). */
  env: {
    name: string;
    origin: AgentEnvOrigin;
    value: string;
    secrets?: string[];
    unset?: boolean;
  }[];
  mcpServers: McpServerView[];
  secrets: { name: string; from: SecretSource["from"]; where: string; usedBy: string[] }[];
}

export interface McpServerView {
  name: string;
  transport: "stdio" | "http" | "sse";
  required: boolean;
  /** http/sse servers reach the agent only when it advertises the capability. */
  needs?: string;
  command?: string;
  args?: string[];
  url?: string;
  env?: { name: string; secrets: string[] }[];
  headers?: { name: string; secrets: string[] }[];
}

export function describeInputs(options: {
  id: string;
  command: { command: string; args: string[]; env: Record<string, string> };
  entry: AgentEntry;
  plan: InputsPlan;
  planeEnv: NodeJS.ProcessEnv;
}): AgentInputsView {
  const { plan, entry } = options;
  const env: AgentInputsView["env"] = agentEnvOrigins({
    planeEnv: options.planeEnv,
    passEnv: entry.passEnv,
    values: options.command.env,
    secretNames: Object.keys(plan.agentEnvSecrets),
  }).map(({ name, origin }) => ({
    name,
    origin,
    value: HIDDEN_VALUE,
    ...(origin === "secret" ? { secrets: plan.agentEnvSecrets[name] ?? [] } : {}),
  }));
  for (const name of entry.passEnv)
    if (!env.some((v) => v.name === name))
      env.push({ name, origin: "passEnv", value: "", unset: true });
  const pairs = (list: { name: string; value: string }[]) =>
    list.map((p) => ({ name: p.name, secrets: secretRefsIn(p.value) }));
  const mcpServers = plan.mcpServers.map((spec): McpServerView => {
    const transport = transportOf(spec);
    const common = { name: spec.name, transport, required: spec.required };
    if ("url" in spec) {
      return {
        ...common,
        needs: `mcpCapabilities.${spec.type}`,
        url: spec.url,
        headers: pairs(spec.headers),
      };
    }
    return { ...common, command: spec.command, args: spec.args, env: pairs(spec.env) };
  });
  const usedBy = (name: string): string[] => [
    ...Object.entries(plan.agentEnvSecrets)
      .filter(([, names]) => names.includes(name))
      .map(([variable]) => `agent env ${variable}`),
    ...(plan.authSecrets.includes(name) ? ["auth meta"] : []),
    ...mcpServers
      .filter((s) => [...(s.env ?? []), ...(s.headers ?? [])].some((p) => p.secrets.includes(name)))
      .map((s) => `mcp ${s.name}`),
  ];
  const secrets = plan.secretNames.sort().map((name) => {
    const source = plan.sources[name] ?? { from: "env" as const };
    return { name, from: source.from, where: whereOf(name, source), usedBy: usedBy(name) };
  });
  return {
    id: options.id,
    command: options.command.command,
    args: options.command.args,
    environment: plan.environment ?? null,
    policy: plan.policy ?? null,
    env,
    mcpServers,
    secrets,
  };
}

function whereOf(name: string, source: SecretSource): string {
  switch (source.from) {
    case "env":
      return `$${source.var ?? name}`;
    case "file":
      return source.path;
    case "command":
      return [source.command, ...source.args].join(" ");
  }
}
