import { Catalogue } from "../agents/catalogue.js";
import { loadConfig, type LoadedConfig } from "../config/loadConfig.js";
import type { AcpgateConfig } from "../config/schema.js";
import { SessionManager, type SessionManagerDeps } from "../sessions/sessionManager.js";
import { ReadOnlyGuard } from "../sessions/readOnlyGuard.js";
import { withAudit } from "../sessions/withAudit.js";
import type { AuditSurface } from "../audit/auditRecord.js";
import type { AuditStore } from "../audit/auditStore.js";
import { cliActor } from "../audit/actor.js";
import { createLogger, type Logger } from "../audit/logger.js";
import { createAuditStore } from "../audit/openAuditStore.js";
import { WireJournal } from "../audit/wireJournal.js";
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
  /** The audit store (SQLite or PostgreSQL per `storage:`); `await audit.open()` to fail early. */
  audit: AuditStore & { open(): Promise<unknown> };
  logger: Logger;
  dispose(): Promise<void>;
}

export interface PlaneOptions {
  configFile?: string;
  cwd: string;
  /** The policy new sessions run under unless a request names another. */
  policy?: string;
  overrides?: Partial<SessionManagerDeps>;
  /** Recorded on every audit record: where sessions come from, and who is behind them. */
  surface?: AuditSurface;
  actor?: string;
  logger?: Logger;
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
  const logger = options.logger ?? createLogger({ format: "text" });
  // Opened on first use: commands that never record anything create no database.
  const audit = createAuditStore(loaded.config.storage, options.cwd);
  const journal = new WireJournal(audit, {
    onError: (error) => logger.warn({ err: String(error) }, "wire journal write failed"),
  });
  const manager = new SessionManager(
    withAudit(
      {
        catalogue,
        guardFor: () => new ReadOnlyGuard(),
        ...options.overrides,
      },
      {
        store: audit,
        journal,
        surface: options.surface ?? "cli",
        actor: options.actor ?? cliActor(),
        logger,
      },
    ),
  );
  return {
    config: loaded.config,
    configFile: loaded.file,
    catalogue,
    manager,
    audit,
    logger,
    dispose: async () => {
      await manager.dispose();
      await journal.flush();
      await audit.close();
    },
  };
}
