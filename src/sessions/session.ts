import { randomUUID } from "node:crypto";
import type { ContentBlock, InitializeResponse, PromptRequest } from "@agentclientprotocol/sdk";
import type { AgentChannel } from "../agents/agentChannel.js";
import { exitError, type ExitInfo } from "../agents/agentProcess.js";
import { AgentConnection } from "../protocol/agentConnection.js";
import type { ClientHandlers } from "../protocol/clientHandlers.js";
import { SERVED_CLIENT_METHODS, type ClientMethods } from "../protocol/clientMethods.js";
import { canonicalRouter } from "../protocol/dialectRouter.js";
import type {
  ConnectionContext,
  ExtensionHost,
  ExtensionRouter,
} from "../protocol/extensionRouter.js";
import { Emitter, type Disposable } from "../util/emitter.js";
import type { WireTap } from "../protocol/wireTap.js";
import { AcpgateError, errorMessage } from "../util/errors.js";
import { bootstrapSession, startedEvent } from "./bootstrapSession.js";
import { envelope } from "./eventEnvelope.js";
import { EventLog } from "./eventLog.js";
import type { Enforcement, SessionEvent, SessionEventBody } from "./events.js";
import { sleep, toLocalError } from "./localError.js";
import { mcpServersFor } from "./mcpInjection.js";
import { ModeView } from "./modeView.js";
import { setConfigOption, setMode, type ModeTarget } from "./sessionModes.js";
import type { PromptResult } from "./promptResult.js";
import { isStreamedText, normaliseUpdate, STREAMED_TEXT } from "./normaliseUpdate.js";
import { PermissionStatsCounter, type PermissionStats } from "./permissionStats.js";
import type { GuardContext, SessionGuard } from "./sessionGuard.js";
import { SessionStateMachine, type SessionStateName } from "./sessionState.js";
import { stopReasonOf } from "./agentAnswers.js";
import type { SessionOptions } from "./sessionOptions.js";
import { ToolCallTracker } from "./toolCallTracker.js";

export type { SessionOptions };

export type { PermissionStats };

export type { PromptResult };

/**
 * One ACP session on one agent channel, as an explicit state machine:
 * starting → ready ⇄ prompting → closing → closed, or failed from anywhere.
 * Every event is numbered and kept in the session's bounded log, listeners or not.
 */
export class Session {
  readonly id: string;
  readonly agentId: string;
  readonly cwd: string;
  readonly events = new Emitter<SessionEvent>((error) => this.reportListenerError(error));
  readonly log: EventLog;
  readonly modes = new ModeView();
  readonly connection: AgentConnection;
  agentSessionId: string | undefined;
  initializeResponse: InitializeResponse | undefined;
  failure: AcpgateError | undefined;
  lastActivity = Date.now();
  readonly createdAt = new Date();

  private readonly machine = new SessionStateMachine();
  private readonly tracker = new ToolCallTracker();
  private readonly counter = new PermissionStatsCounter();
  private readonly channel: AgentChannel;
  private seq = 0;
  private replaying = false;
  private readonly guardContext: GuardContext;
  private readonly extensions: ExtensionRouter;

  constructor(private readonly options: SessionOptions) {
    this.id = options.id ?? `ses_${randomUUID()}`;
    this.agentId = options.agentId;
    this.cwd = options.cwd;
    this.channel = options.channel;
    this.log = new EventLog(options.eventLogCapacity);
    this.extensions = options.extensions ?? canonicalRouter;
    this.guardContext = {
      sessionId: this.id,
      agentId: this.agentId,
      cwd: this.cwd,
      toolCall: (id) => this.tracker.get(id),
      emit: (event, raw) => this.emit(event, raw),
      fail: (error) => void this.kill(error),
    };
    this.connection = new AgentConnection({
      stream: this.channel.stream,
      handlers: this.handlers(),
      requestTimeoutMs: options.requestTimeoutMs,
      explainClose: async () => {
        const info = await Promise.race([this.channel.exited, sleep(1500)]);
        return info ? exitError(info, this.agentId) : undefined;
      },
    });
    void this.channel.exited.then((info) => this.onChannelExit(info));
  }

  get state(): SessionStateName {
    return this.machine.state;
  }

  /** Permission requests answered so far, counted from the session's own events. */
  get stats(): PermissionStats {
    return this.counter.stats;
  }

  /** How the agent is held to its posture, when the manager confined it. */
  get enforcement(): Enforcement | undefined {
    return this.options.enforcement;
  }

  get pid(): number | undefined {
    return this.channel.pid;
  }

  /** The guard deciding for this session. */
  get guard(): SessionGuard {
    return this.options.guard;
  }

  get stderrTail(): string[] {
    return this.channel.stderrTail(20);
  }

  /** Every raw message both ways (the audit journal subscribes here). */
  get tap(): WireTap {
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
        params: this.options.bootstrap ?? {},
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
      this.emit(startedEvent(this.agentId, result, this.options.enforcement));
      for (const notice of this.options.startNotices ?? []) this.emit(notice);
      await this.options.guard.sessionStarted(this);
    } catch (error) {
      const failure = await this.asLocalError(error);
      await this.fail(failure);
      throw failure;
    }
  }

  /** Runs one turn; resolves with the stop reason. `params` adds caller fields (`_meta`). */
  async prompt(
    prompt: string | ContentBlock[],
    options: {
      signal?: AbortSignal;
      params?: Partial<Omit<PromptRequest, "prompt">>;
      /** The caller's request (an HTTP request id): on `turn_started`, so on the audit's prompt. */
      requestId?: string;
    } = {},
  ): Promise<PromptResult> {
    this.machine.require("prompt", "ready");
    const blocks: ContentBlock[] =
      typeof prompt === "string" ? [{ type: "text", text: prompt }] : prompt;
    this.move("prompting");
    this.touch();
    this.emit({
      type: "turn_started",
      promptText: blocks.map((b) => (b.type === "text" ? b.text : `[${b.type}]`)).join(""),
      ...(options.requestId ? { requestId: options.requestId } : {}),
    });
    try {
      const response = await this.connection.request(
        "session/prompt",
        { ...options.params, sessionId: this.agentSessionId ?? "", prompt: blocks },
        { timeoutMs: 0, signal: options.signal },
      );
      // The SDK passes the result through unchecked: a turn whose end cannot be read is a protocol error.
      const stopReason = stopReasonOf(response, this.agentId);
      this.emit({ type: "turn_ended", stopReason });
      if (this.machine.canMove("ready") && this.state === "prompting") this.move("ready");
      return { stopReason, response };
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
    this.options.guard.turnCancelled();
    this.extensions.cancelPending?.();
    await this.connection
      .notify("session/cancel", { sessionId: this.agentSessionId ?? "" })
      .catch(() => {});
  }

  /** Sets the agent's mode, through a `mode` config option when it has one, else session/set_mode. */
  async setMode(modeId: string): Promise<void> {
    this.machine.require("set a mode", "ready", "prompting");
    this.options.guard.authorizeModeChange(modeId);
    await setMode(this.modeTarget(), modeId);
    this.emit({ type: "mode_changed", modeId });
  }

  async setConfigOption(configId: string, value: string | boolean): Promise<void> {
    this.machine.require("set a config option", "ready", "prompting");
    await setConfigOption(this.modeTarget(), configId, value);
  }

  private modeTarget(): ModeTarget {
    return { connection: this.connection, sessionId: this.agentSessionId ?? "", modes: this.modes };
  }

  /**
   * Closes the session (session/close when supported) and ends the agent: `settled` (no turn
   * running, or session/close answered) when nothing is left for it to finish.
   */
  async close(reason = "closed"): Promise<void> {
    if (this.machine.isFinal || this.state === "closing") {
      await this.channel.exited.catch(() => undefined);
      return;
    }
    let settled = this.state === "ready";
    if (this.state === "prompting") await this.cancel();
    this.move("closing", reason);
    const caps = this.initializeResponse?.agentCapabilities?.sessionCapabilities as
      Record<string, unknown> | undefined;
    if (caps?.close && this.agentSessionId && !this.connection.isClosed) {
      settled = await this.connection
        .request("session/close", { sessionId: this.agentSessionId }, { timeoutMs: 2000 })
        .then(
          () => true,
          () => settled,
        );
    }
    await this.options.guard.dispose().catch(() => undefined);
    this.connection.close(new AcpgateError("connection_closed", "session closed"));
    await this.channel.shutdown({ settled });
    if ((this.state as SessionStateName) === "closing") this.move("closed", reason);
  }

  /** Ends the agent at once (SIGKILL to the group): the timeout and fail-closed path. */
  async kill(reason: AcpgateError): Promise<void> {
    this.options.guard.turnCancelled();
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

  emit(body: SessionEventBody, raw?: unknown): void {
    this.tracker.observe(body);
    this.modes.observe(body);
    this.counter.observe(body);
    const event = envelope(body, ++this.seq, this.id, raw);
    this.log.append(event);
    if (this.events.hasListeners) this.events.emit(event);
  }

  private extensionHost(requestId?: string | number | null): ExtensionHost {
    return {
      context: Object.freeze(this.connectionContext()),
      ...(requestId !== undefined ? { requestId } : {}),
      emit: (event, raw) => this.emit(event, raw),
      // Fail closed: the run ends with the cause rather than waiting on a person.
      fail: (error) => void this.kill(error),
    };
  }

  /** The connection's handlers: every served client method goes to the guard, with this session's context. */
  private handlers(): ClientHandlers {
    const guard = this.options.guard;
    const served = {} as Record<string, unknown>;
    for (const method of SERVED_CLIENT_METHODS) {
      served[method] = (params: unknown, _call: unknown, signal: AbortSignal) =>
        (guard[method] as (p: unknown, c: GuardContext, s: AbortSignal) => Promise<unknown>).call(
          guard,
          params,
          this.guardContext,
          signal,
        );
    }
    return {
      ...(served as ClientMethods<unknown>),
      sessionUpdate: (params) => {
        this.lastActivity = Date.now();
        if (this.options.streamedTextEvents === false && isStreamedText(params)) return;
        const body = normaliseUpdate(params, this.replaying);
        if (body) this.emit(body, { jsonrpc: "2.0", method: "session/update", params });
      },
      // Streamed text makes no events here: a run of it is only activity.
      takesUpdateRun: (run) =>
        this.options.streamedTextEvents === false && STREAMED_TEXT.has(run.sessionUpdate),
      sessionUpdateRun: () => {
        this.lastActivity = Date.now();
      },
      extensionRequest: (method, params, call, signal) =>
        this.extensions.handleRequest(method, params, this.extensionHost(call.requestId), signal),
      extensionNotification: (method, params) =>
        this.extensions.handleNotification(method, params, this.extensionHost()),
    };
  }

  private async onChannelExit(info: ExitInfo): Promise<void> {
    if (info.requested || this.machine.isFinal || this.state === "closing") return;
    const error = this.connection.protocolFailure ?? exitError(info, this.agentId);
    this.connection.close(error);
    this.options.guard.turnCancelled();
    await this.fail(error);
  }

  private async fail(error: AcpgateError): Promise<void> {
    if (this.machine.isFinal) return;
    this.failure ??= error;
    this.emit({ type: "error", code: error.code, message: error.message });
    this.move("failed", error.message);
    this.connection.close(error);
    await this.options.guard.dispose().catch(() => undefined);
    await this.channel.kill();
    await this.channel.shutdown({ graceMs: 0, termMs: 500 });
  }

  private move(to: SessionStateName, reason?: string): void {
    const previous = this.machine.move(to);
    this.emit({ type: "session_state", state: to, previous, ...(reason ? { reason } : {}) });
  }

  private touch(): void {
    this.lastActivity = Date.now();
  }

  private asLocalError(error: unknown): Promise<AcpgateError> {
    const { connection, channel, agentId } = this;
    return toLocalError(error, { connection, channel, agentId });
  }

  private reportListenerError(error: unknown): void {
    process.emitWarning(`acpgate: a session event listener threw: ${errorMessage(error)}`);
  }
}
