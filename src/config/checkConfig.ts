import { parseDuration } from "../util/duration.js";
import { isAcpgateError } from "../util/errors.js";
import { policyNames, resolvePolicy } from "./compilePolicy.js";
import type { SecretSources } from "./environmentSchema.js";
import type { AcpgateConfig } from "./schema.js";

/** One problem the schema cannot see, at the path of the field that has it. */
export interface ConfigProblem {
  path: (string | number)[];
  message: string;
  /** The problem is the key itself (a name that is not allowed): point at the key's line. */
  atKey?: boolean;
}

/**
 * What a valid shape can still get wrong, checked when the file loads rather than when a run
 * first touches it: names that must refer to something (`defaultAgent`, `extends`, an
 * environment's `policy`) and durations (`startupTimeout`, `ttl`, `timeout`, `questionTimeout`).
 * `builtinAgentIds` are the agents that exist without configuration.
 */
export function checkConfig(
  config: AcpgateConfig,
  builtinAgentIds: readonly string[],
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const agentIds = [...new Set([...builtinAgentIds, ...Object.keys(config.agents)])].sort();
  // Agents of a registry are known only once it is read (the catalogue checks them then).
  const registry = config.catalogue.registry !== undefined;
  if (config.defaultAgent !== undefined && !registry && !agentIds.includes(config.defaultAgent)) {
    problems.push({
      path: ["defaultAgent"],
      message: `unknown agent '${config.defaultAgent}'; known agents: ${agentIds.join(", ")}`,
    });
  }
  problems.push(...checkPolicyReferences(config));
  for (const [id, entry] of Object.entries(config.agents)) {
    const starts = entry.command ?? entry.npx ?? entry.binary;
    if (starts === undefined && !registry && !builtinAgentIds.includes(id))
      problems.push({
        path: ["agents", id],
        atKey: true,
        message:
          `'${id}' is not a built-in agent, so its entry needs one of 'command', 'npx' or ` +
          `'binary' (built-in agents: ${builtinAgentIds.join(", ")})`,
      });
    duration(problems, ["agents", id, "startupTimeout"], entry.startupTimeout);
    duration(
      problems,
      ["agents", id, "extensions", "questionTimeout"],
      entry.extensions?.questionTimeout,
    );
  }
  checkSecretDurations(problems, ["secrets"], config.secrets);
  for (const [name, environment] of Object.entries(config.environments))
    checkSecretDurations(problems, ["environments", name, "secrets"], environment.secrets);
  return problems;
}

function checkPolicyReferences(config: AcpgateConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const names = policyNames(config.policies);
  const unknown = (name: string): string =>
    `unknown policy '${name}'; known policies: ${names.join(", ")}`;
  for (const [name, environment] of Object.entries(config.environments)) {
    if (environment.policy !== undefined && !names.includes(environment.policy))
      problems.push({
        path: ["environments", name, "policy"],
        message: unknown(environment.policy),
      });
  }
  const missing = Object.entries(config.policies).filter(
    ([, entry]) => entry.extends !== undefined && !names.includes(entry.extends),
  );
  for (const [name, entry] of missing)
    problems.push({ path: ["policies", name, "extends"], message: unknown(entry.extends ?? "") });
  if (missing.length) return problems;
  // Every name exists: what is left to fail is a cycle.
  for (const [name, entry] of Object.entries(config.policies)) {
    try {
      resolvePolicy(name, config.policies);
    } catch (error) {
      if (!isAcpgateError(error, "config_invalid")) throw error;
      const path = entry.extends !== undefined ? ["policies", name, "extends"] : ["policies", name];
      problems.push({ path, message: error.message });
    }
  }
  return problems;
}

function checkSecretDurations(
  problems: ConfigProblem[],
  at: (string | number)[],
  sources: SecretSources,
): void {
  for (const [name, source] of Object.entries(sources)) {
    duration(problems, [...at, name, "ttl"], source.ttl);
    if (source.from === "command") duration(problems, [...at, name, "timeout"], source.timeout);
  }
}

/** A number of seconds (positive) or a duration string (`500ms`, `30s`, `5m`, `1h`). */
function duration(
  problems: ConfigProblem[],
  path: (string | number)[],
  value: string | number | undefined,
): void {
  if (value === undefined) return;
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value <= 0)
      problems.push({
        path,
        message: `a duration must be a positive number of seconds (got ${value})`,
      });
    return;
  }
  try {
    if (parseDuration(value) > 0) return;
  } catch {
    /* described below */
  }
  problems.push({
    path,
    message: `invalid duration '${value}': use seconds or e.g. 500ms, 30s, 5m, 1h`,
  });
}
