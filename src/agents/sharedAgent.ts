import type { AnyMessage, JsonRpcId } from "@agentclientprotocol/sdk";
import { HOLDABLE, isHoldable, isTappable, TAPPABLE, type TappedMessage } from "../protocol/tap.js";
import type { AgentChannel } from "./agentChannel.js";
import type { ExitInfo, ShutdownOptions } from "./agentProcess.js";
import { SessionRoutes, type Attached } from "./sessionRoutes.js";

type Message = AnyMessage & {
  id?: JsonRpcId;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
};

interface Outbound {
  /** The channel that asked; none for a request sent once for the process. */
  from?: Attached;
  deliver(message: AnyMessage): void;
  id: JsonRpcId;
  method: string;
}

/** Answers that belong to the agent process, not to a session: asked once, then repeated. */
const ONCE_PER_PROCESS = new Set(["initialize", "authenticate"]);

/**
 * One agent process serving many sessions (the editor proxy's connection): each `attach()`
 * is an AgentChannel of its own, so each Session keeps its own connection, tap and journal.
 * Requests from a session get ids of the process's one id space and their answers the
 * session's id back (`$/cancel_request` follows the mapping); the agent's messages reach the
 * session they name by `sessionId` — updates that name a session before its `session/new`
 * is answered are held, then delivered ahead of the answer. `initialize` and a successful
 * `authenticate` are sent once and answered from memory afterwards. A channel's shutdown or
 * kill detaches only it (its turn cancelled, its pending requests answered); the process
 * ends with `shutdown()` of the shared agent, or takes every channel with it when it exits.
 */
export class SharedAgent {
  private readonly writer: WritableStreamDefaultWriter<AnyMessage>;
  private readonly routes = new SessionRoutes();
  private nextId = 0;
  /** Process-wide id → the channel and its own id. */
  private readonly outbound = new Map<number, Outbound>();
  private readonly remembered = new Map<string, Promise<unknown>>();
  private exitInfo: ExitInfo | undefined;

  constructor(readonly channel: AgentChannel) {
    this.writer = channel.stream.writable.getWriter();
    // A stream that parses its own lines (stdio) hands each message over as it is parsed,
    // with its line: no queue, no promise per message (the reader then only sees the end).
    const stream = channel.stream;
    if (isTappable(stream))
      stream[TAPPABLE]({
        observe: () => undefined,
        intercept: (tapped) => {
          this.fromAgent(tapped.message as Message, tapped);
          return true;
        },
        // A run of text chunks goes whole to the session it names, where that one is open
        // and takes runs; otherwise its messages come one by one (held, or refused, alike).
        observeRun: (run) => {
          const target = this.routes.route(run.sessionId);
          return typeof target === "object" && target.deliverRun(run);
        },
      });
    void this.read();
    void channel.exited.then((info) => {
      this.exitInfo = info;
      for (const a of this.routes.all()) a.end(info);
    });
  }

  get pid(): number | undefined {
    return this.channel.pid;
  }

  /** A channel for one session (or for the connection's own requests). */
  attach(): AgentChannel {
    const attached = this.routes.add((message) => this.fromSession(attached, message as Message));
    if (this.exitInfo) attached.end(this.exitInfo);
    const channel = this.channel;
    const detach = async (): Promise<ExitInfo> => {
      // A turn still running is cancelled; the agent's questions to this session answered.
      const running = attached.prompting > 0;
      for (const sessionId of this.routes.detach(attached))
        if (running)
          void this.write({ jsonrpc: "2.0", method: "session/cancel", params: { sessionId } });
      for (const id of attached.inboundPending)
        void this.write({
          jsonrpc: "2.0",
          id,
          error: { code: -32603, message: "acpgate: the session ended" },
        });
      attached.inboundPending.clear();
      const info: ExitInfo = { code: null, signal: null, requested: true, stderrTail: [] };
      attached.end(info);
      return info;
    };
    return {
      stream: attached.stream,
      exited: attached.exited,
      get hasExited() {
        return attached.ended;
      },
      get pid() {
        return channel.pid;
      },
      stderrTail: (lines) => channel.stderrTail(lines),
      shutdown: (_options?: ShutdownOptions) => detach(),
      kill: () => detach(),
    };
  }

  /**
   * Stops reading the agent's output until the release is called (and every other hold):
   * the agent blocks on its full pipe, as it would writing to a slow client directly. A
   * stream that cannot pause gives a release that does nothing.
   */
  hold(): () => void {
    const stream = this.channel.stream;
    return isHoldable(stream) ? stream[HOLDABLE]() : () => undefined;
  }

  /** Ends the process (every channel with it). */
  async shutdown(options?: ShutdownOptions): Promise<ExitInfo> {
    await this.writer.close().catch(() => undefined);
    return this.channel.shutdown(options);
  }

  private async fromSession(from: Attached, message: Message): Promise<void> {
    if (message.method !== undefined && message.id !== undefined && message.id !== null) {
      const method = message.method;
      if (ONCE_PER_PROCESS.has(method)) return this.once(from, message);
      if (method === "session/load" || method === "session/resume") {
        const sessionId = message.params?.sessionId;
        if (typeof sessionId === "string") this.routes.bind(sessionId, from);
      }
      if (method === "session/prompt") from.prompting++;
      const id = this.nextId++;
      this.outbound.set(id, { from, deliver: (m) => from.deliver(m), id: message.id, method });
      return this.write({ ...message, id });
    }
    if (message.method === "$/cancel_request") {
      const own = message.params?.requestId;
      for (const [id, entry] of this.outbound)
        if (entry.from === from && entry.id === own)
          return this.write({ ...message, params: { ...message.params, requestId: id } });
      return;
    }
    // A response to one of the agent's requests: its id is the agent's own.
    if (message.method === undefined && message.id !== undefined && message.id !== null)
      from.inboundPending.delete(message.id);
    return this.write(message);
  }

  /** initialize / authenticate: sent once for the process; later ones answered from memory. */
  private async once(from: Attached, message: Message): Promise<void> {
    const key =
      message.method === "authenticate"
        ? `authenticate:${String(message.params?.methodId)}`
        : "initialize";
    let answer = this.remembered.get(key);
    if (!answer) {
      answer = new Promise<unknown>((resolve) => {
        const id = this.nextId++;
        this.outbound.set(id, { deliver: resolve, id, method: key });
        void this.write({ ...message, id });
      });
      this.remembered.set(key, answer);
    }
    const reply = (await answer) as Message;
    // A refusal is not remembered: the next attempt asks the agent again.
    if ("error" in reply) this.remembered.delete(key);
    from.deliver({ ...reply, id: message.id } as AnyMessage);
  }

  private async read(): Promise<void> {
    const reader = this.channel.stream.readable.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        this.fromAgent(value as Message);
      }
    } catch {
      // The process is gone: `exited` ends every channel.
    } finally {
      reader.releaseLock();
    }
  }

  /** `wire`: the message as tapped off the wire, with its line (handed on when unchanged). */
  private fromAgent(message: Message, wire?: TappedMessage): void {
    if (message.method === undefined) {
      if (message.id === undefined || message.id === null) return;
      const entry = this.outbound.get(message.id as number);
      if (!entry) return;
      this.outbound.delete(message.id as number);
      if (entry.from && entry.method === "session/prompt") entry.from.prompting--;
      if (entry.from && entry.method === "session/new") {
        const sessionId = (message.result as { sessionId?: unknown } | undefined)?.sessionId;
        if (typeof sessionId === "string") this.routes.bind(sessionId, entry.from);
      }
      entry.deliver({ ...message, id: entry.id });
      return;
    }
    const isRequest = message.id !== undefined && message.id !== null;
    if (message.method === "$/cancel_request") {
      this.routes.holding(message.params?.requestId)?.deliver(message, wire);
      return;
    }
    const target = this.routes.route(message.params?.sessionId);
    if (target === "hold")
      return this.routes.hold(message.params?.sessionId as string, message, wire);
    if (!target) {
      if (isRequest)
        void this.write({
          jsonrpc: "2.0",
          id: message.id,
          error: { code: -32602, message: "acpgate: no open session for this request" },
        } as AnyMessage);
      return;
    }
    if (isRequest) target.inboundPending.add(message.id as JsonRpcId);
    target.deliver(message, wire);
  }

  private write(message: AnyMessage): Promise<void> {
    return this.writer.write(message).catch(() => undefined);
  }
}
