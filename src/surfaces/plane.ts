import { Catalogue } from "../agents/catalogue.js";
import { loadConfig, type LoadedConfig } from "../config/loadConfig.js";
import type { AcpgateConfig } from "../config/schema.js";
import { SessionManager, type SessionManagerDeps } from "../sessions/sessionManager.js";
import { ReadOnlyGuard } from "../sessions/readOnlyGuard.js";
import { AcpgateError } from "../util/errors.js";

/** Policies that exist without any configuration. */
export const BUILTIN_POLICIES = ["read-only", "workspace-write"] as const;

/**
 * The composition root every surface shares: configuration, the agent catalogue and the
 * session manager with its guards. Surfaces add only how people reach it.
 */
export interface Plane {
  config: AcpgateConfig;
  configFile: string | undefined;
  catalogue: Catalogue;
  manager: SessionManager;
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
  const policy = options.policy ?? "read-only";
  const known = new Set<string>([...BUILTIN_POLICIES, ...Object.keys(loaded.config.policies)]);
  if (!known.has(policy)) {
    throw new AcpgateError(
      "config_invalid",
      `unknown policy '${policy}'; known: ${[...known].join(", ")}`,
      { policy },
    );
  }
  if (policy !== "read-only") {
    throw new AcpgateError(
      "usage",
      `policy '${policy}' is not available in this build: only read-only sessions are supported`,
      { policy },
    );
  }
  const catalogue = new Catalogue(loaded.config);
  const manager = new SessionManager({
    catalogue,
    guardFor: () => new ReadOnlyGuard(),
    ...options.overrides,
  });
  return {
    config: loaded.config,
    configFile: loaded.file,
    catalogue,
    manager,
    dispose: () => manager.dispose(),
  };
}
