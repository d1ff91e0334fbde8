import { Catalogue } from "../agents/catalogue.js";
import { loadConfig, type LoadedConfig } from "../config/loadConfig.js";
import type { AcpgateConfig } from "../config/schema.js";
import { SessionManager, type SessionManagerDeps } from "../sessions/sessionManager.js";
import { PolicyGuard } from "../sessions/policyGuard.js";
import { BUILTIN_POLICY_NAMES } from "../policy/builtinPolicies.js";
import { resolvePolicy } from "../policy/compilePolicy.js";
import type { Policy } from "../policy/policyTypes.js";
import { realPathOf } from "../workspace/resolvePath.js";

/** Policies that exist without any configuration. */
export const BUILTIN_POLICIES = BUILTIN_POLICY_NAMES;

/**
 * The composition root every surface shares: configuration, the agent catalogue and the
 * session manager with its guards. Surfaces add only how people reach it.
 */
export interface Plane {
  config: AcpgateConfig;
  configFile: string | undefined;
  catalogue: Catalogue;
  manager: SessionManager;
  /** The policy sessions run under unless a request names another. */
  policy: Policy;
  /** Any policy by name (built-in or configured); throws config_invalid for unknown names. */
  policyFor(name: string): Policy;
  dispose(): Promise<void>;
}

export interface PlaneOptions {
  configFile?: string;
  cwd: string;
  /** The policy new sessions run under unless a request names another. */
  policy?: string;
  overrides?: Partial<SessionManagerDeps>;
}

export function createPlane(options: PlaneOptions): Plane {
  const loaded: LoadedConfig = loadConfig({ file: options.configFile, cwd: options.cwd });
  const policies = loaded.config.policies;
  const policyFor = (name: string): Policy => resolvePolicy(name, policies);
  // Resolve now: an unknown policy or an `extends` cycle is a config error before any spawn.
  const policy = policyFor(options.policy ?? "read-only");
  const configFile = loaded.file ? realPathOf(loaded.file, options.cwd) : undefined;
  const catalogue = new Catalogue(loaded.config);
  const manager = new SessionManager({
    catalogue,
    guardFor: (request, entry) =>
      new PolicyGuard({
        policy: request.policy ? policyFor(request.policy) : policy,
        policies: policyFor,
        agentId: request.agentId,
        entry,
        cwd: request.cwd,
        ...(configFile ? { configFile } : {}),
        unattended: request.unattended ?? false,
      }),
    ...options.overrides,
  });
  return {
    config: loaded.config,
    configFile: loaded.file,
    catalogue,
    manager,
    policy,
    policyFor,
    dispose: () => manager.dispose(),
  };
}
