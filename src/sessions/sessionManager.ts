import { resolve } from "node:path";
import type { AgentChannel } from "../agents/agentChannel.js";
import type { LaunchSpec } from "../agents/agentProcess.js";
import { Catalogue, resolveCommand } from "../agents/catalogue.js";
import { SharedAgent } from "../agents/sharedAgent.js";
import { stdioChannel } from "../agents/stdioChannel.js";
import type { AgentEntry } from "../config/agentSchema.js";
import { buildAgentEnv } from "../inputs/agentEnv.js";
import {
  combineMcpServers,
  type ClientMcpRule,
  type WithheldMcpServer,
} from "../inputs/combineMcpServers.js";
import type { McpServerInput } from "../inputs/selectMcpServers.js";
import type { ExtensionRouter } from "../protocol/extensionRouter.js";
import { Emitter, type Disposable } from "../util/emitter.js";
import { parseDuration } from "../util/duration.js";
import { AcpgateError } from "../util/errors.js";
import type { BootstrapParams, StartHow } from "./bootstrapSession.js";
import type { Enforcement, SessionEvent, SessionEventBody } from "./events.js";
import { Session } from "./session.js";
import type { SessionGuard } from "./sessionGuard.js";

export interface CreateSessionRequest {
  agentId: string;
  cwd: string;
  start?: StartHow;
  /** The caller's own servers (an editor's), combined with the environment's by `clientMcpRule`. */
  mcpServers?: McpServerInput[];
  /** How `mcpServers` meet the environment's inventory (inputs/combineMcpServers.ts); `keep` when unset. */
  clientMcpRule?: ClientMcpRule;
  unattended?: boolean;
  /** The policy to run under, by name; the plane's default when unset. */
  policy?: string;
  /** Extra values for the agent's environment (resolved secrets). */
  secrets?: Record<string, string>;
  /** Environment from the config (`--env`, API `environment`): its MCP servers and secrets. */
  environment?: string;
  /** The entry's auth `meta` with secrets in place (sent as `_meta` of authenticate). */
  authMeta?: Record<string, unknown>;
  /** Who is behind this session (a token's principal, the CI identity); the plane's default when unset. */
  actor?: string;
  /** Runs the session on this shared agent process instead of a process of its own. */
  shared?: SharedLaunch;
  /** Caller-supplied initialize and session/new|load|resume params (the editor proxy's). */
  bootstrap?: BootstrapParams;
  /** Set by the manager: said right after `session_started` (servers the MCP rule withheld). */
  startNotices?: SessionEventBody[];
  /** Set by the manager from its `confine`: how the agent is held (callers leave it unset). */
  enforcement?: Enforcement;
  /** Set by the manager from its `confine`: runs terminal commands in the agent's sandbox. */
  confineCommand?: (launch: LaunchSpec) => LaunchSpec;
}

/** An agent process shared by sessions (SessionManager.openShared), with how it was confined. */
export interface SharedLaunch {
  agent: SharedAgent;
  /** Where the process runs. */
  cwd: string;
  confined?: ConfinedLaunch;
}

/** A launch as the sandbox wrapped it (see SessionManagerDeps.confine). */
export interface ConfinedLaunch {
  launch: LaunchSpec;
  enforcement: Enforcement;
  notices: SessionEventBody[];
  /** Puts a terminal's command in the same confinement. */
  wrap?: (launch: LaunchSpec) => LaunchSpec;
  /** Called with the session once it exists (the egress proxy reports into it). */
  attach?: (session: Session) => void;
}

/** What the credential broker and MCP inventory add to a request (see inputs/sessionInputs.ts). */
export type SessionInputsPart = Pick<CreateSessionRequest, "mcpServers" | "secrets" | "authMeta">;

export interface SessionManagerDeps<R extends CreateSessionRequest = CreateSessionRequest> {
  catalogue: Catalogue;
  /** The guard for a new session (governance: policy, audit, approvals). */
  guardFor(request: R, entry: AgentEntry): SessionGuard;
  /** The extension methods a session accepts; none (canonical ACP) when unset. */
  extensionsFor?(entry: AgentEntry, request: R): ExtensionRouter;
  /** Resolves the environment's MCP servers and the secrets the entry needs (async: broker). */
  inputsFor?(request: R, entry: AgentEntry): Promise<SessionInputsPart>;
  /** Called once per new session, before it starts (the audit recorder subscribes here). */
  onSessionCreated?(session: Session, request: R): void;
  /** How an agent is reached; a stdio process in its own group by default. */
  channelFor?: (launch: LaunchSpec, entry: AgentEntry) => AgentChannel;
  /**
   * How a session's agent is confined: the launch wrapped in the OS sandbox, or as it is,
   * with how it is enforced and what to say at start. Throws to refuse (sandbox required).
   */
  confine?: (launch: LaunchSpec, request: R, entry: AgentEntry) => ConfinedLaunch;
  /** Events each session keeps for later readers (SSE resume). */
  eventLogCapacity?: number;
  /** Streamed text chunks as session events (see SessionOptions; default true). */
  streamedTextEvents?: boolean;
  planeEnv?: NodeJS.ProcessEnv;
  /** Sessions idle (ready, no activity) longer than this are closed. 0 disables. */
  idleTtlMs?: number;
  requestTimeoutMs?: number;
  startupTimeoutMs?: number;
}

/**
 * Runs many sessions in one process, each with its own agent process. Events of every
 * session are re-emitted on `events`; a session's own `events` reach only its subscribers.
 */
export class SessionManager<R extends CreateSessionRequest = CreateSessionRequest> {
  readonly events = new Emitter<SessionEvent>();
  /** Told when a session is forgotten (closed, failed, idle): what a surface holds for it can go. */
  readonly forgotten = new Emitter<string>();
  private readonly sessions = new Map<string, Session>();
  private readonly subscriptions = new Map<string, Disposable>();
  private readonly sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly deps: SessionManagerDeps<R>) {
    const ttl = deps.idleTtlMs ?? 0;
    if (ttl > 0) {
      this.sweeper = setInterval(() => void this.closeIdle(ttl), Math.min(ttl, 30_000));
      this.sweeper.unref();
    }
  }

  /** Creates and starts a session; rejects (and cleans up) when it cannot start. */
  async create(request: R, options: { id?: string } = {}): Promise<Session> {
    const session = await this.prepareWithInputs(request, options);
    try {
      await session.start();
    } catch (error) {
      this.forget(session.id);
      throw error;
    }
    return session;
  }

  /**
   * Resolves secrets and MCP servers (deps.inputsFor), then prepares the session. Fails with
   * `secret_missing` before any agent process is spawned.
   */
  async prepareWithInputs(request: R, options: { id?: string } = {}): Promise<Session> {
    const entry = this.deps.catalogue.get(request.agentId);
    if (!this.deps.inputsFor) return this.prepare(request, options);
    const inputs = await this.deps.inputsFor(request, entry);
    const rule = request.clientMcpRule ?? "keep";
    const combined = combineMcpServers(inputs.mcpServers ?? [], request.mcpServers ?? [], rule);
    return this.prepare(
      {
        ...request,
        mcpServers: combined.servers,
        startNotices: [
          ...(request.startNotices ?? []),
          ...combined.withheld.map((w) => withheldNotice(w)),
        ],
        secrets: { ...inputs.secrets, ...request.secrets },
        ...(inputs.authMeta ? { authMeta: inputs.authMeta } : {}),
      },
      options,
    );
  }

  /** Builds a session without starting it, so callers can subscribe first. */
  prepare(request: R, options: { id?: string } = {}): Session {
    const configured = this.deps.catalogue.get(request.agentId);
    const { entry, cwd, launch, confined } = request.shared
      ? {
          entry: this.entryOf(request, configured),
          cwd: resolve(request.cwd),
          launch: undefined,
          confined: request.shared.confined,
        }
      : this.launchOf(request, configured);
    const located = {
      ...request,
      cwd,
      ...(confined ? { enforcement: confined.enforcement } : {}),
      ...(confined?.wrap ? { confineCommand: confined.wrap } : {}),
    };
    const channel = request.shared
      ? request.shared.agent.attach()
      : this.deps.channelFor
        ? this.deps.channelFor(launch!, entry)
        : stdioChannel(launch!);
    const session = new Session({
      ...(options.id ? { id: options.id } : {}),
      agentId: request.agentId,
      entry,
      channel,
      cwd,
      guard: this.deps.guardFor(located, configured),
      start: request.start ?? { how: "new" },
      ...(request.bootstrap ? { bootstrap: request.bootstrap } : {}),
      mcpServers: request.mcpServers ?? [],
      unattended: request.unattended ?? false,
      ...(confined ? { enforcement: confined.enforcement } : {}),
      startNotices: [...(confined?.notices ?? []), ...(request.startNotices ?? [])],
      ...(this.deps.extensionsFor
        ? { extensions: this.deps.extensionsFor(configured, located) }
        : {}),
      ...(this.deps.eventLogCapacity ? { eventLogCapacity: this.deps.eventLogCapacity } : {}),
      ...(this.deps.streamedTextEvents === false ? { streamedTextEvents: false } : {}),
      requestTimeoutMs: this.deps.requestTimeoutMs,
      startupTimeoutMs:
        entry.startupTimeout !== undefined
          ? startupMs(entry.startupTimeout)
          : this.deps.startupTimeoutMs,
    });
    confined?.attach?.(session);
    this.sessions.set(session.id, session);
    this.subscriptions.set(
      session.id,
      session.on((event) => this.events.emit(event)),
    );
    this.deps.onSessionCreated?.(session, located);
    return session;
  }

  /**
   * One agent process that sessions share (`request.shared`): the editor proxy's, one per
   * editor connection. Launched, confined and given secrets as a session's agent would be;
   * its sessions are started with `shared` and end without ending it (`agent.shutdown()` does).
   */
  async openShared(request: R): Promise<SharedLaunch> {
    const configured = this.deps.catalogue.get(request.agentId);
    const inputs = this.deps.inputsFor ? await this.deps.inputsFor(request, configured) : {};
    const withInputs = {
      ...request,
      secrets: { ...inputs.secrets, ...request.secrets },
      ...(inputs.authMeta ? { authMeta: inputs.authMeta } : {}),
    };
    const { entry, cwd, launch, confined } = this.launchOf(withInputs, configured);
    const channel = this.deps.channelFor
      ? this.deps.channelFor(launch, entry)
      : stdioChannel(launch);
    return { agent: new SharedAgent(channel), cwd, ...(confined ? { confined } : {}) };
  }

  /** The agent's command, environment and confinement for a request. */
  private launchOf(request: R, configured: AgentEntry) {
    const unresolved = configured.secrets.filter((name) => request.secrets?.[name] === undefined);
    if (unresolved.length) {
      throw new AcpgateError(
        "secret_missing",
        `agent '${request.agentId}' needs secret(s) ${unresolved.join(", ")}, which were not resolved (use prepareWithInputs)`,
        { agentId: request.agentId, secrets: unresolved },
      );
    }
    const entry = this.entryOf(request, configured);
    const cwd = resolve(request.cwd);
    const command = resolveCommand(entry);
    const env = buildAgentEnv({
      planeEnv: this.deps.planeEnv ?? process.env,
      passEnv: entry.passEnv,
      values: command.env,
      secrets: request.secrets,
    });
    const plain: LaunchSpec = { command: command.command, args: command.args, env, cwd };
    const confined = this.deps.confine?.(plain, { ...request, cwd }, entry);
    return { entry, cwd, launch: confined?.launch ?? plain, confined };
  }

  /** The entry with the auth `meta` the broker resolved. */
  private entryOf(request: R, configured: AgentEntry): AgentEntry {
    return request.authMeta && configured.auth
      ? { ...configured, auth: { ...configured.auth, meta: request.authMeta } }
      : configured;
  }

  get(id: string): Session {
    const session = this.sessions.get(id);
    if (!session)
      throw new AcpgateError("session_not_found", `no session '${id}'`, { sessionId: id });
    return session;
  }

  list(): Session[] {
    return [...this.sessions.values()];
  }

  async close(id: string): Promise<void> {
    const session = this.get(id);
    await session.close();
    this.forget(id);
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.list().map((s) => this.close(s.id).catch(() => undefined)));
  }

  async dispose(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.closeAll();
    this.events.clear();
  }

  private async closeIdle(ttlMs: number): Promise<void> {
    const now = Date.now();
    for (const session of this.list()) {
      if (session.state === "ready" && now - session.lastActivity > ttlMs) {
        await session.close("idle ttl").catch(() => undefined);
        this.forget(session.id);
      } else if (session.state === "failed" || session.state === "closed") {
        this.forget(session.id);
      }
    }
  }

  private forget(id: string): void {
    this.subscriptions.get(id)?.dispose();
    this.subscriptions.delete(id);
    this.sessions.delete(id);
    this.forgotten.emit(id);
  }
}

function withheldNotice(w: WithheldMcpServer): SessionEventBody {
  const whose = w.from === "client" ? "the editor's" : "the environment's";
  return {
    type: "notice",
    code: "mcp_server_withheld",
    message: `MCP server '${w.name}' (${whose}) was not given to the agent: ${w.reason} (editorMcpServers: ${w.rule})`,
    data: { name: w.name, from: w.from, rule: w.rule },
  };
}

/** An entry's `startupTimeout`: a number of seconds or a duration string. */
function startupMs(value: string | number): number {
  return typeof value === "number" ? value * 1000 : parseDuration(value);
}
