import { dirname } from "node:path";
import { Catalogue } from "../agents/catalogue.js";
import { CredentialBroker } from "../inputs/credentialBroker.js";
import { environmentNamed, planInputs, resolveInputs } from "../inputs/sessionInputs.js";
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
  /** Resolves secrets for every session of this plane (one TTL cache). */
  broker: CredentialBroker;
  /** Where relative paths in the config (secret files, MCP files) resolve from. */
  baseDir: string;
  dispose(): Promise<void>;
}

export interface PlaneOptions {
  configFile?: string;
  cwd: string;
  /** The policy new sessions run under unless a request names another. */
  policy?: string;
  /** The environment (`--env`): validated here; its `policy` applies when none is given. */
  environment?: string;
  overrides?: Partial<SessionManagerDeps>;
}

export function createPlane(options: PlaneOptions): Plane {
  const loaded: LoadedConfig = loadConfig({ file: options.configFile, cwd: options.cwd });
  const environment =
    options.environment === undefined
      ? undefined
      : environmentNamed(loaded.config, options.environment);
  const policy = options.policy ?? environment?.policy ?? "read-only";
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
  const baseDir = loaded.file ? dirname(loaded.file) : options.cwd;
  const planeEnv = options.overrides?.planeEnv ?? process.env;
  const broker = new CredentialBroker({ planeEnv, baseDir });
  const manager = new SessionManager({
    catalogue,
    guardFor: () => new ReadOnlyGuard(),
    inputsFor: (request, entry) =>
      resolveInputs(
        planInputs({ config: loaded.config, entry, environment: request.environment, baseDir }),
        entry,
        broker,
      ),
    ...options.overrides,
  });
  return {
    config: loaded.config,
    configFile: loaded.file,
    catalogue,
    manager,
    broker,
    baseDir,
    dispose: () => manager.dispose(),
  };
}
