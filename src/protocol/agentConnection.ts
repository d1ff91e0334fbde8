import {
  client,
  MessageTooLargeError,
  RequestError,
  type AgentNotificationMethod,
  type AgentNotificationParamsByMethod,
  type AgentRequestMethod,
  type AgentRequestParamsByMethod,
  type AgentRequestResponsesByMethod,
  type ClientApp,
  type ClientConnection,
  type ClientContext,
  type JsonRpcId,
  type Stream,
} from "@agentclientprotocol/sdk";
import { AcpgateError, errorMessage } from "../util/errors.js";
import type { Disposable } from "../util/emitter.js";
import type { ClientHandlers, InboundCall } from "./clientHandlers.js";
import { SERVED_CLIENT_METHODS, type ClientMethod } from "./clientMethods.js";
import { assertOutboundExtensionName } from "./extensionNames.js";
import { messageMethod, isNotification } from "./messageKinds.js";
import { OutboundRequests } from "./outboundRequests.js";
import { tapStream } from "./tap.js";
import { WireTap } from "./wireTap.js";

export interface AgentConnectionOptions {
  /** Parsed messages to and from the agent (an AgentChannel's stream). */
  stream: Stream;
  handlers: ClientHandlers;
  /** Default timeout for outbound requests that do not name one. */
  requestTimeoutMs?: number;
  /**
   * Asked once the connection is gone, so that pending requests fail with the real cause
   * (the agent exited with code 3 and said …) rather than a bare "connection closed".
   */
  explainClose?: () => Promise<AcpgateError | undefined>;
}

export interface RequestOptions {
  /** `0` waits forever (a prompt turn can take hours; the surface bounds it). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * acpgate's client end of one agent's stdio, on the ACP SDK. Every message both ways goes
 * through `tap`; every outbound request has a timeout and an abort signal; when the
 * connection closes, every pending request fails with a local `AcpgateError`.
 */
export class AgentConnection {
  /** Every raw message both ways, in wire order. Subscribe before `initialize`. */
  readonly tap = new WireTap();
  private readonly connection: ClientConnection;
  private readonly agent: ClientContext;
  private closeError: AcpgateError | undefined;
  private readonly defaultTimeoutMs: number;

  constructor(private readonly options: AgentConnectionOptions) {
    this.defaultTimeoutMs = options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    const handlers = options.handlers;
    const outbound = new OutboundRequests();
    const stream = tapStream(options.stream, {
      observe: (tapped) => {
        if (tapped.direction === "out") outbound.sent(tapped.message);
        this.tap.emit(tapped);
      },
      intercept: ({ message }) => {
        if (outbound.isStray(message)) return true;
        if (messageMethod(message) !== "session/update" || !isNotification(message)) return false;
        handlers.sessionUpdate((message as { params?: unknown }).params);
        return true;
      },
      // A run of text chunks whole, only where every tap subscriber and the session take
      // runs: each then sees it once, in the order a message would be (tap, then update).
      observeRun: (run) => {
        if (!this.tap.takesRuns() || !handlers.takesUpdateRun?.(run)) return false;
        this.tap.emitRun(run);
        handlers.sessionUpdateRun?.(run);
        return true;
      },
    });
    const app = client({ name: "acpgate" });
    for (const method of SERVED_CLIENT_METHODS) serve(app, method, handlers);
    app
      .onRequest("*", async (cx) => {
        const result = await handlers.extensionRequest(
          cx.method,
          cx.params,
          { requestId: cx.requestId },
          cx.signal,
        );
        // A handler that produces nothing answers {}, never null and never no answer.
        return result ?? {};
      })
      .onNotification("*", (cx) => {
        // `$/…` is protocol-level: the SDK has already applied `$/cancel_request` (it aborts
        // the handler's signal) and still passes it on. It is not an extension message.
        if (cx.method.startsWith("$/")) return;
        handlers.extensionNotification(cx.method, cx.params);
      });
    this.connection = app.connect(stream);
    this.agent = this.connection.agent;
  }

  /** Aborted once the connection is closed, by either side. */
  get signal(): AbortSignal {
    return this.connection.signal;
  }

  get closed(): Promise<void> {
    return this.connection.closed;
  }

  get isClosed(): boolean {
    return this.connection.signal.aborted;
  }

  /** Sends a request; rejects with `AcpgateError` on timeout, abort or close, `RequestError` on an agent error. */
  request<M extends AgentRequestMethod>(
    method: M,
    params: AgentRequestParamsByMethod[M],
    options?: RequestOptions,
  ): Promise<AgentRequestResponsesByMethod[M]>;
  request<R = unknown>(method: string, params: unknown, options?: RequestOptions): Promise<R>;
  async request<R>(method: string, params: unknown, options: RequestOptions = {}): Promise<R> {
    if (this.isClosed) throw await this.closedError();
    const timeoutMs = options.timeoutMs ?? this.defaultTimeoutMs;
    // Nothing can end it but its answer or the connection (a prompt): no signal of its own,
    // which an editor's proxy would otherwise build and listen to at every turn.
    if (timeoutMs <= 0 && !options.signal) return this.plainRequest<R>(method, params);
    const controller = new AbortController();
    const timer =
      timeoutMs > 0
        ? setTimeout(
            () =>
              controller.abort(
                new AcpgateError("request_timeout", `${method} got no answer in ${timeoutMs} ms`, {
                  method,
                  timeoutMs,
                }),
              ),
            timeoutMs,
          )
        : undefined;
    const onAbort = (): void =>
      controller.abort(
        new AcpgateError("request_aborted", `${method} was aborted`, {
          method,
          reason: errorMessage(options.signal?.reason),
        }),
      );
    options.signal?.addEventListener("abort", onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    try {
      return await this.agent.request<R>(method, params, {
        cancellationSignal: controller.signal,
        stopWaitingOnCancel: true,
      });
    } catch (error) {
      if (controller.signal.aborted && controller.signal.reason instanceof AcpgateError) {
        throw controller.signal.reason;
      }
      throw await this.requestFailure(error);
    } finally {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    }
  }

  private async plainRequest<R>(method: string, params: unknown): Promise<R> {
    try {
      return await this.agent.request<R>(method, params);
    } catch (error) {
      throw await this.requestFailure(error);
    }
  }

  /** What a request that failed rejects with: the agent's wire error, else why it closed. */
  private async requestFailure(error: unknown): Promise<unknown> {
    if (error instanceof RequestError) return error;
    if (this.isClosed) return this.closedError();
    return error;
  }

  notify<M extends AgentNotificationMethod>(
    method: M,
    params: AgentNotificationParamsByMethod[M],
  ): Promise<void>;
  notify(method: string, params: unknown): Promise<void>;
  async notify(method: string, params: unknown): Promise<void> {
    if (this.isClosed) throw await this.closedError();
    await this.agent.notify(method, params);
  }

  /**
   * Calls an agent's extension method. Names without a leading `_` throw a local
   * `extension_refused` before anything is written: acpgate never sends non-standard names.
   */
  async callExtension<R = unknown>(
    method: string,
    params: unknown,
    options: RequestOptions = {},
  ): Promise<R> {
    assertOutboundExtensionName(method);
    return this.request<R>(method, params, options);
  }

  async notifyExtension(method: string, params: unknown): Promise<void> {
    assertOutboundExtensionName(method);
    await this.notify(method, params);
  }

  /** Closes the connection; pending requests fail with `reason` (or "connection closed"). */
  close(reason?: AcpgateError): void {
    if (reason && !this.closeError) this.closeError = reason;
    this.connection.close(
      this.closeError ?? new AcpgateError("connection_closed", "connection closed by acpgate"),
    );
  }

  onClose(listener: () => void): Disposable {
    const handler = (): void => listener();
    this.connection.signal.addEventListener("abort", handler, { once: true });
    return { dispose: () => this.connection.signal.removeEventListener("abort", handler) };
  }

  /**
   * Set when the connection broke on acpgate's side of the protocol (an over-long line):
   * that, not the agent's exit that follows from it, is the cause to report.
   */
  get protocolFailure(): AcpgateError | undefined {
    const reason: unknown = this.connection.signal.reason;
    if (reason instanceof MessageTooLargeError) {
      return new AcpgateError(
        "agent_protocol_error",
        `the agent sent a message larger than the ${reason.maxMessageBytes} byte limit; connection closed`,
        { maxMessageBytes: reason.maxMessageBytes },
      );
    }
    return undefined;
  }

  private async closedError(): Promise<AcpgateError> {
    if (this.closeError) return this.closeError;
    const protocol = this.protocolFailure;
    if (protocol) return (this.closeError = protocol);
    const explained = await this.options.explainClose?.();
    if (explained) {
      this.closeError = explained;
      return explained;
    }
    const reason: unknown = this.connection.signal.reason;
    if (reason instanceof AcpgateError) return reason;
    return new AcpgateError(
      "connection_closed",
      `connection to the agent closed: ${errorMessage(reason)}`,
    );
  }
}

type AnyHandler = (params: unknown, call: InboundCall, signal: AbortSignal) => Promise<unknown>;
type RequestCx = { params: unknown; requestId: JsonRpcId | undefined; signal: AbortSignal };

/**
 * Registers one served client method. Typed per method at `ClientHandlers`; the SDK's
 * overloads cannot be picked for a method that is a loop variable, hence the one cast here.
 */
function serve(app: ClientApp, method: ClientMethod, handlers: ClientHandlers): void {
  const handler = handlers[method] as AnyHandler;
  const on = app.onRequest.bind(app) as (m: string, h: (cx: RequestCx) => unknown) => ClientApp;
  on(method, (cx) => handler.call(handlers, cx.params, { requestId: cx.requestId }, cx.signal));
}
