import { randomUUID } from "node:crypto";
import type { ContentBlock, InitializeResponse } from "@agentclientprotocol/sdk";
import { AgentConnection } from "../protocol/agentConnection.js";
import type { ClientHandlers } from "../protocol/clientHandlers.js";
import { canonicalRouter } from "../protocol/dialectRouter.js";
import type {
  ConnectionContext,
  ExtensionHost,
  ExtensionRouter,
} from "../protocol/extensionRouter.js";
import type { TappedMessage } from "../protocol/tap.js";
import { AgentProcess, exitError, type ExitInfo } from "../agents/agentProcess.js";
import { Emitter, type Disposable } from "../util/emitter.js";
import { AcpgateError, errorMessage } from "../util/errors.js";
import type { SessionEvent, SessionEventBody } from "./events.js";
import { envelope } from "./eventEnvelope.js";
import { ModeView } from "./modeView.js";
import { normaliseUpdate } from "./normaliseUpdate.js";
import { PendingPermissions } from "./permissionBroker.js";
import { PermissionRequests } from "./permissionRequests.js";
import { sleep, toLocalError } from "./localError.js";
import type { GuardContext, SessionGuard } from "./sessionGuard.js";
import { SessionStateMachine, type SessionStateName } from "./sessionState.js";
import { bootstrapSession, startedEvent, type StartHow } from "./bootstrapSession.js";
import { ToolCallTracker } from "./toolCallTracker.js";
import { mcpServersFor } from "./mcpInjection.js";
import type { McpServerInput } from "../inputs/selectMcpServers.js";
import type { LaunchSpec } from "../agents/agentProcess.js";
import type { AgentEntry } from "../config/agentSchema.js";

export interface SessionOptions {
  id?: string;
  agentId: string;
  entry: AgentEntry;
  launch: LaunchSpec;
  cwd: string;
  guard: SessionGuard;
  start?: StartHow;
  /** Filtered by the agent's mcpCapabilities at start (see mcpInjection.ts). */
  mcpServers?: McpServerInput[];
  extensions?: ExtensionRouter;
  /** True when nobody can answer (acpgate run). */
  unattended?: boolean;
  requestTimeoutMs?: number;
  startupTimeoutMs?: number;
}

export interface SessionStats {
  permissionsAllowed: number;
  permissionsRejected: number;
  permissionsCancelled: number;
}

export interface PromptResult {
  stopReason: string;
}

/**
 * One agent process and one ACP session on it, as an explicit state machine:
 * starting → ready ⇄ prompting → closing → closed, or failed from anywhere.
 */
export class Session {
  readonly id: string;
  readonly agentId: string;
  readonly cwd: string;
  readonly events = new Emitter<SessionEvent>((error) => this.reportListenerError(error));
  readonly stats: SessionStats = {
    permissionsAllowed: 0,
    permissionsRejected: 0,
    permissionsCancelled: 0,
  };
  readonly modes = new ModeView();
  agentSessionId: string | undefined;
  initializeResponse: InitializeResponse | undefined;
  failure: AcpgateError | undefined;
  lastActivity = Date.now();
  readonly createdAt = new Date();

  private readonly machine = new SessionStateMachine();
  private readonly tracker = new ToolCallTracker();
  private readonly pending = new PendingPermissions();
  private readonly process: AgentProcess;
  readonly connection: AgentConnection;
  private seq = 0;
  private replaying = false;
  private readonly guardContext: GuardContext;
  private readonly extensions: ExtensionRouter;
  private readonly permissions: PermissionRequests;

  constructor(private readonly options: SessionOptions) {
    this.id = options.id ?? `ses_${randomUUID()}`;
    this.agentId = options.agentId;
    this.cwd = options.cwd;
    this.extensions = options.extensions ?? canonicalRouter;
    this.guardContext = {
      sessionId: this.id,
      agentId: this.agentId,
      cwd: this.cwd,
      toolCall: (id) => this.tracker.get(id),
      emit: (event) => this.emit(event),
    };
    this.permissions = new PermissionRequests({
      sessionId: this.id,
      guard: options.guard,
      guardContext: this.guardContext,
      tracker: this.tracker,
      pending: this.pending,
      stats: this.stats,
      emit: (body, raw) => this.emit(body, raw),
    });
    this.process = new AgentProcess(options.launch);
    this.connection = new AgentConnection({
      input: this.process.stdout,
      output: this.process.stdin,
      handlers: this.handlers(),
      requestTimeoutMs: options.requestTimeoutMs,
      explainClose: async () => {
        const info = await Promise.race([this.process.exited, sleep(1500)]);
        return info ? exitError(info, this.agentId) : undefined;
      },
    });
    void this.process.exited.then((info) => this.onProcessExit(info));
  }

  get state(): SessionStateName {
    return this.machine.state;
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  /** The guard deciding for this session (promotion reaches the policy through it). */
  get guard(): SessionGuard {
    return this.options.guard;
  }

  get stderrTail(): string[] {
    return this.process.stderr.lastLines(20);
  }

  /** Every raw message both ways (the audit journal subscribes here). */
  get tap(): Emitter<TappedMessage> {
    return this.connection.tap;
  }

  on(listener: (event: SessionEvent) => void): Disposable {
    return this.events.on(listener);
  }

  /** Initialize, assert capabilities, authenticate, then session/new, load or resume. */
  async start(): Promise<void> {
    try {
      const result = await bootstrapSession({
        connection: this.connection,
        agentId: this.agentId,
        entry: this.options.entry,
        cwd: this.cwd,
        clientCapabilities: this.options.guard.clientCapabilities(),
        how: this.options.start ?? { how: "new" },
        mcpServers: mcpServersFor(this.options.mcpServers ?? [], (event) => this.emit(event)),
        timeoutMs: this.options.startupTimeoutMs ?? 30_000,
        onReplay: (replaying) => {
          this.replaying = replaying;
        },
      });
      this.initializeResponse = result.initialize;
      this.agentSessionId = result.agentSessionId;
      this.modes.fromSessionResponse(result.sessionResponse);
      this.move("ready");
      this.emit(startedEvent(this.agentId, result));
      await this.options.guard.sessionStarted?.(this);
    } catch (error) {
      const failure = await this.asLocalError(error);
      await this.fail(failure);
      throw failure;
    }
  }

  /** Runs one turn; resolves with the stop reason. */
  async prompt(
    prompt: string | ContentBlock[],
    options: { signal?: AbortSignal } = {},
  ): Promise<PromptResult> {
    this.machine.require("prompt", "ready");
    const blocks: ContentBlock[] =
      typeof prompt === "string" ? [{ type: "text", text: prompt }] : prompt;
    this.move("prompting");
    this.touch();
    this.emit({
      type: "turn_started",
      promptText: blocks.map((b) => (b.type === "text" ? b.text : `[${b.type}]`)).join(""),
    });
    try {
      const response = await this.connection.request<{ stopReason: string }>(
        "session/prompt",
        { sessionId: this.agentSessionId, prompt: blocks },
        { timeoutMs: 0, signal: options.signal },
      );
      this.emit({ type: "turn_ended", stopReason: response.stopReason });
      if (this.machine.canMove("ready") && this.state === "prompting") this.move("ready");
      return { stopReason: response.stopReason };
    } catch (error) {
      const local = await this.asLocalError(error);
      if (this.connection.isClosed) await this.fail(local);
      else if (this.state === "prompting") this.move("ready");
      throw local;
    } finally {
      this.tracker.clear();
      this.touch();
    }
  }

  /** session/cancel: the agent should end the turn with `cancelled`; pending permissions are answered `cancelled`. */
  async cancel(): Promise<void> {
    if (this.state !== "prompting") return;
    this.pending.cancelAll();
    this.extensions.cancelPending?.();
    await this.connection
      .notify("session/cancel", { sessionId: this.agentSessionId })
      .catch(() => {});
  }

  /** Sets the agent's mode, through a `mode` config option when it has one, else session/set_mode. */
  async setMode(modeId: string): Promise<void> {
    this.machine.require("set a mode", "ready", "prompting");
    this.options.guard.authorizeModeChange?.(modeId);
    const view = this.modes.state;
    if (view.via === "config_option" && view.modeConfigId) {
      await this.setConfigOption(view.modeConfigId, modeId);
    } else {
      await this.connection.request("session/set_mode", { sessionId: this.agentSessionId, modeId });
    }
    this.modes.setCurrent(modeId);
    this.emit({ type: "mode_changed", modeId });
  }

  async setConfigOption(configId: string, value: string | boolean): Promise<void> {
    this.machine.require("set a config option", "ready", "prompting");
    const response = await this.connection.request<{ configOptions?: unknown }>(
      "session/set_config_option",
      {
        sessionId: this.agentSessionId,
        configId,
        value,
      },
    );
    this.modes.applyConfigOptions(response.configOptions);
  }

  /** Closes the session (session/close when supported) and ends the agent process group. */
  async close(reason = "closed"): Promise<void> {
    if (this.machine.isFinal || this.state === "closing") {
      await this.process.exited.catch(() => undefined);
      return;
    }
    if (this.state === "prompting") await this.cancel();
    this.move("closing", reason);
    const canClose = this.initializeResponse?.agentCapabilities?.sessionCapabilities as
      Record<string, unknown> | undefined;
    if (canClose?.close && this.agentSessionId && !this.connection.isClosed) {
      await this.connection
        .request("session/close", { sessionId: this.agentSessionId }, { timeoutMs: 2000 })
        .catch(() => undefined);
    }
    await this.options.guard.dispose().catch(() => undefined);
    this.connection.close(new AcpgateError("connection_closed", "session closed"));
    await this.process.shutdown();
    if ((this.state as SessionStateName) === "closing") this.move("closed", reason);
  }

  /** Ends the agent at once (SIGKILL to the group): the timeout path. */
  async kill(reason: AcpgateError): Promise<void> {
    this.pending.cancelAll();
    await this.fail(reason);
  }

  connectionContext(): ConnectionContext {
    return {
      agentId: this.agentId,
      sessionId: this.id,
      agentSessionId: this.agentSessionId,
      protocolVersion: this.initializeResponse?.protocolVersion,
      agentCapabilities: this.initializeResponse?.agentCapabilities,
      agentInfo: this.initializeResponse?.agentInfo ?? undefined,
      unattended: this.options.unattended ?? false,
    };
  }

  /** Calls an agent's `_`-prefixed extension method; other names throw before anything is sent. */
  callExtension<R = unknown>(method: string, params: unknown): Promise<R> {
    return this.connection.callExtension<R>(method, params);
  }

  notifyExtension(method: string, params: unknown): Promise<void> {
    return this.connection.notifyExtension(method, params);
  }

  private extensionHost(requestId?: string | number | null): ExtensionHost {
    return {
      context: Object.freeze(this.connectionContext()),
      ...(requestId !== undefined ? { requestId } : {}),
      emit: (event, raw) => this.emit(event, this.events.hasListeners ? raw : undefined),
      // Fail closed: the run ends with the cause rather than waiting on a person.
      fail: (error) => void this.kill(error),
    };
  }

  emit(body: SessionEventBody, raw?: unknown): void {
    this.tracker.observe(body);
    this.modes.observe(body);
    if (!this.events.hasListeners) {
      this.seq++;
      return;
    }
    this.events.emit(envelope(body, ++this.seq, this.id, raw));
  }

  private handlers(): ClientHandlers {
    const guard = this.options.guard;
    const ctx = this.guardContext;
    return {
      requestPermission: (params, signal) => this.permissions.handle(params, signal),
      readTextFile: (params) => guard.readTextFile(params, ctx),
      writeTextFile: (params) => guard.writeTextFile(params, ctx),
      createTerminal: (params) => guard.createTerminal(params, ctx),
      terminalOutput: (params) => guard.terminalOutput(params, ctx),
      waitForTerminalExit: (params, signal) => guard.waitForTerminalExit(params, ctx, signal),
      killTerminal: (params) => guard.killTerminal(params, ctx),
      releaseTerminal: (params) => guard.releaseTerminal(params, ctx),
      sessionUpdate: (params) => {
        this.lastActivity = Date.now();
        const body = normaliseUpdate(params, this.replaying);
        if (body)
          this.emit(
            body,
            this.events.hasListeners
              ? { jsonrpc: "2.0", method: "session/update", params }
              : undefined,
          );
      },
      extensionRequest: (method, params, signal, requestId) =>
        this.extensions.handleRequest(method, params, this.extensionHost(requestId), signal),
      extensionNotification: (method, params) =>
        this.extensions.handleNotification(method, params, this.extensionHost()),
    };
  }

  private async onProcessExit(info: ExitInfo): Promise<void> {
    if (info.requested || this.machine.isFinal || this.state === "closing") return;
    const error = this.connection.protocolFailure ?? exitError(info, this.agentId);
    this.connection.close(error);
    this.pending.cancelAll();
    await this.fail(error);
  }

  private async fail(error: AcpgateError): Promise<void> {
    if (this.machine.isFinal) return;
    this.failure ??= error;
    this.emit({ type: "error", code: error.code, message: error.message });
    this.move("failed", error.message);
    this.connection.close(error);
    await this.options.guard.dispose().catch(() => undefined);
    await this.process.kill();
    await this.process.shutdown({ graceMs: 0, termMs: 500 });
  }

  private move(to: SessionStateName, reason?: string): void {
    const previous = this.machine.move(to);
    this.emit({ type: "session_state", state: to, previous, ...(reason ? { reason } : {}) });
  }

  private touch(): void {
    this.lastActivity = Date.now();
  }

  private asLocalError(error: unknown): Promise<AcpgateError> {
    const { connection, process, agentId } = this;
    return toLocalError(error, { connection, process, agentId });
  }

  private reportListenerError(error: unknown): void {
    process.emitWarning(`acpgate: a session event listener threw: ${errorMessage(error)}`);
  }
}
