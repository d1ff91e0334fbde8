import { dirname } from "node:path";
import { BUILTIN_AGENT_IDS, Catalogue, type CatalogueItem } from "../agents/catalogue.js";
import { readOnlyModesOf } from "../agents/agentFacts.js";
import type { ModeClaims } from "../governance/modeFacts.js";
import { CredentialBroker } from "../inputs/credentialBroker.js";
import { environmentNamed, planInputs, resolveInputs } from "../inputs/sessionInputs.js";
import { loadConfig, type LoadedConfig } from "../config/loadConfig.js";
import type { AcpgateConfig } from "../config/schema.js";
import { SessionManager } from "../sessions/sessionManager.js";
import type { AgentChannel } from "../agents/agentChannel.js";
import type { LaunchSpec } from "../agents/agentProcess.js";
import type { AgentEntry } from "../config/agentSchema.js";
import { governedSessions, type GovernedRequest } from "../governance/governedSessions.js";
import type { Guard } from "../governance/guard.js";
import { PendingQuestions } from "../governance/pendingQuestions.js";
import { PolicyGuard } from "../governance/policyGuard.js";
import { BUILTIN_POLICY_NAMES } from "../policy/builtinPolicies.js";
import { resolvePolicy } from "../config/compilePolicy.js";
import type { Policy } from "../policy/policyTypes.js";
import { realPathOf } from "../workspace/resolvePath.js";
import type { AuditSurface } from "../audit/auditRecord.js";
import type { AuditStore } from "../audit/auditStore.js";
import { cliActor } from "../audit/actor.js";
import { createLogger, type Logger } from "../audit/logger.js";
import { createAuditStore } from "../audit/openAuditStore.js";
import { WireJournal } from "../audit/wireJournal.js";
import { confine, sandboxSettingOf } from "../governance/confinement.js";
import { bwrapPathOf, probeBwrap, probeBwrapAsync } from "../agents/sandbox/bwrapProbe.js";
import { sandboxDefaultOf, secretFilesOf } from "./sandboxInputs.js";

/** What the config file and the catalogue say about an agent's modes (checked at start). */
function modeClaimsOf(item: CatalogueItem): ModeClaims {
  const readOnly = item.facts
    ? readOnlyModesOf(item.facts).filter((id) => item.entry.modes[id] === "read-only")
    : [];
  return {
    configured: item.configuredModes,
    readOnly,
    ...(item.facts ? { verifiedAt: item.facts.verified.version } : {}),
  };
}

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
  manager: SessionManager<GovernedRequest>;
  /** Agents' questions waiting for a person (attended sessions). */
  questions: PendingQuestions;
  /** The policy sessions run under unless a request names another. */
  policy: Policy;
  /** Any policy by name (built-in or configured); throws config_invalid for unknown names. */
  policyFor(name: string): Policy;
  /** Resolves secrets for every session of this plane (one TTL cache). */
  broker: CredentialBroker;
  /** Where relative paths in the config (secret files, MCP files) resolve from. */
  baseDir: string;
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
  /** The environment (`--env`): validated here; its `policy` applies when none is given. */
  environment?: string;
  overrides?: PlaneOverrides;
  /** Recorded on every audit record: where sessions come from. */
  surface?: AuditSurface;
  /** Who is behind sessions that name no actor of their own (the CLI user, the CI job). */
  actor?: string;
  /** false: this plane's sessions are not audited and no store is opened (agents doctor). */
  audit?: boolean;
  logger?: Logger;
  /**
   * Events each session keeps for readers that come later (SSE resume; default 10,000). A
   * surface with no such reader (`run`) keeps few: each kept event holds its wire message.
   */
  eventLogCapacity?: number;
  /** Streamed text chunks as session events (default true; the editor proxy reads none). */
  streamedTextEvents?: boolean;
  /**
   * Where a SQLite audit store runs its statements (see `AuditStoreOptions.thread`): a
   * worker thread by default; `caller` for a short-lived process (`run`).
   */
  sqliteThread?: "worker" | "caller";
}

/** What tests and embedders may replace: the environment, the bottom of the chain, the channel. */
export interface PlaneOverrides {
  planeEnv?: NodeJS.ProcessEnv;
  chainFor?: (request: GovernedRequest, entry: AgentEntry) => Guard;
  channelFor?: (launch: LaunchSpec, entry: AgentEntry) => AgentChannel;
}

export function createPlane(options: PlaneOptions): Plane {
  const loaded: LoadedConfig = loadConfig({
    file: options.configFile,
    cwd: options.cwd,
    builtinAgentIds: BUILTIN_AGENT_IDS,
  });
  const config = loaded.config;
  const environment =
    options.environment === undefined ? undefined : environmentNamed(config, options.environment);
  const policies = config.policies;
  const policyFor = (name: string): Policy => resolvePolicy(name, policies);
  // Resolve now: an unknown policy or an `extends` cycle is a config error before any spawn.
  const policy = policyFor(options.policy ?? environment?.policy ?? "read-only");
  const configFile = loaded.file ? realPathOf(loaded.file, options.cwd) : undefined;
  const baseDir = loaded.file ? dirname(loaded.file) : options.cwd;
  const catalogue = new Catalogue(config, { baseDir });
  const planeEnv = options.overrides?.planeEnv ?? process.env;
  const broker = new CredentialBroker({ planeEnv, baseDir });
  /** A request's policy: named on the request, else its environment's, else the plane's. */
  const policyOf = (request: { policy?: string; environment?: string }): Policy => {
    if (request.policy) return policyFor(request.policy);
    const envPolicy =
      request.environment !== undefined
        ? environmentNamed(config, request.environment).policy
        : undefined;
    return envPolicy ? policyFor(envPolicy) : policy;
  };
  const logger = options.logger ?? createLogger({ format: "text" });
  // Opened on first use: commands that never record anything create no database.
  const audit = createAuditStore(config.storage, options.cwd, {
    logger,
    secret: (name) => broker.value(name, config.secrets),
    ...(options.sqliteThread ? { thread: options.sqliteThread } : {}),
  });
  const journal = new WireJournal(audit, {
    onError: (error) => logger.warn({ err: String(error) }, "wire journal write failed"),
  });
  const questions = new PendingQuestions();
  const chainFor = (request: GovernedRequest, entry: AgentEntry): Guard =>
    new PolicyGuard({
      policy: policyOf(request),
      policies: policyFor,
      agentId: request.agentId,
      entry,
      cwd: request.cwd,
      ...(configFile ? { configFile } : {}),
      unattended: request.unattended ?? false,
      ...(request.approver ? { approver: request.approver } : {}),
      ...(request.clientFiles ? { clientFiles: request.clientFiles } : {}),
      ...(request.clientTerminals ? { clientTerminals: request.clientTerminals } : {}),
      ...(request.resumed?.mode !== undefined ? { recordedMode: request.resumed.mode } : {}),
      modeClaims: modeClaimsOf(catalogue.item(request.agentId)),
      ...("sqlite" in config.storage
        ? { ownFiles: [realPathOf(config.storage.sqlite, options.cwd)] }
        : {}),
      sandboxed: request.enforcement === "sandbox",
      ...(request.confineCommand ? { confineCommand: request.confineCommand } : {}),
    });
  const sandboxDefault = sandboxDefaultOf(process.env);
  const bwrapPath = (): string => bwrapPathOf(process.env);
  const mayConfine = (request: GovernedRequest, entry: AgentEntry): boolean =>
    sandboxSettingOf({ policy: policyOf(request), entry, defaultSetting: sandboxDefault }) !==
    "off";
  const confineFor = (launch: LaunchSpec, request: GovernedRequest, entry: AgentEntry) => {
    const item = catalogue.item(request.agentId);
    return confine({
      launch,
      policy: policyOf(request),
      entry,
      agentId: request.agentId,
      stateDirs: item.facts?.stateDirs,
      ...(configFile ? { configFile } : {}),
      secretFiles: secretFilesOf(config, baseDir),
      defaultSetting: sandboxDefault,
      verifiedReadOnlyMode: modeClaimsOf(item).readOnly.length > 0,
      // Answered by then: inputsFor waited for the same probe, without blocking.
      probe: () => probeBwrap(bwrapPath()),
    });
  };
  const manager = new SessionManager<GovernedRequest>({
    ...governedSessions({
      catalogue,
      chainFor: options.overrides?.chainFor ?? chainFor,
      inputsFor: async (request, entry) => {
        const [inputs] = await Promise.all([
          resolveInputs(
            planInputs({ config, entry, environment: request.environment, baseDir }),
            entry,
            broker,
          ),
          mayConfine(request, entry) ? probeBwrapAsync(bwrapPath()) : undefined,
        ]);
        return inputs;
      },
      planeEnv,
      confine: confineFor,
      ...(options.overrides?.channelFor ? { channelFor: options.overrides.channelFor } : {}),
      questions,
      policyNameOf: (request) => policyOf(request).name,
      audit:
        options.audit === false
          ? undefined
          : {
              store: audit,
              journal,
              surface: options.surface ?? "cli",
              actor: options.actor ?? cliActor(),
              logger,
            },
    }),
    ...(options.eventLogCapacity ? { eventLogCapacity: options.eventLogCapacity } : {}),
    ...(options.streamedTextEvents === false ? { streamedTextEvents: false } : {}),
  });
  manager.forgotten.on((id) => questions.declineSession(id, "the session ended"));
  return {
    config,
    configFile: loaded.file,
    catalogue,
    manager,
    questions,
    policy,
    policyFor,
    broker,
    baseDir,
    audit,
    logger,
    dispose: async () => {
      await manager.dispose();
      await journal.flush();
      await audit.close();
    },
  };
}
