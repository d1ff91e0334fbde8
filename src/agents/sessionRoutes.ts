import type { AnyMessage, JsonRpcId, Stream } from "@agentclientprotocol/sdk";
import {
  TAPPABLE,
  type TapHooks,
  type Tappable,
  type TappedMessage,
  type TappedRun,
} from "../protocol/tap.js";
import type { ExitInfo } from "./agentProcess.js";

/** Messages held for a session id nobody has claimed yet, at most (then dropped). */
const MAX_HELD = 10_000;

/**
 * One session's end of a SharedAgent: a Stream of its own, and what it is waiting on. Its
 * stream is tappable: the session's tap runs in `deliver`, as the agent's line is parsed, and
 * what it consumes (`session/update`) never enters the web stream nor waits on the SDK.
 */
export class Attached {
  readonly stream: Stream & Tappable;
  readonly exited: Promise<ExitInfo>;
  /** The agent's requests this channel has not answered yet (answered for it on detach). */
  readonly inboundPending = new Set<JsonRpcId>();
  /** Prompts sent and not answered: a message naming no session goes to the one prompting. */
  prompting = 0;
  ended = false;
  private cancelled = false;
  private controller!: ReadableStreamDefaultController<AnyMessage>;
  private resolveExited!: (info: ExitInfo) => void;
  private hooks: TapHooks | undefined;

  constructor(onWrite: (message: AnyMessage) => Promise<void>) {
    this.exited = new Promise((resolve) => (this.resolveExited = resolve));
    const stream: Stream = {
      readable: new ReadableStream<AnyMessage>({
        start: (c) => void (this.controller = c),
        // The session closed its connection: nothing more is delivered.
        cancel: () => void (this.cancelled = true),
      }),
      writable: new WritableStream<AnyMessage>({
        write: (message) => {
          this.hooks?.observe({ direction: "out", message });
          return onWrite(message);
        },
      }),
    };
    this.stream = {
      ...stream,
      [TAPPABLE]: (hooks: TapHooks) => {
        this.hooks = hooks;
        return stream;
      },
    };
  }

  /**
   * `wire`: `message` as tapped off the agent's stream (its line and where it was cut from),
   * when it is that message unchanged: handed on as it is, not copied.
   */
  deliver(message: AnyMessage, wire?: TappedMessage): void {
    if (this.ended || this.cancelled) return;
    const hooks = this.hooks;
    if (hooks) {
      const tapped: TappedMessage =
        wire?.message === message
          ? wire
          : {
              direction: "in",
              message,
              line: undefined,
              chunk: undefined,
              at: undefined,
              bytes: undefined,
              envelope: undefined,
              body: undefined,
            };
      hooks.observe(tapped);
      if (hooks.intercept?.(tapped)) return;
    }
    this.controller.enqueue(message);
  }

  /**
   * A run of text chunks for this session: true when taken whole (or dropped, as `deliver`
   * drops after the end), false when its messages must come one by one.
   */
  deliverRun(run: TappedRun): boolean {
    if (this.ended || this.cancelled) return true;
    return this.hooks?.observeRun?.(run) ?? false;
  }

  end(info: ExitInfo): void {
    if (this.ended) return;
    this.ended = true;
    if (!this.cancelled) this.controller.close();
    this.resolveExited(info);
  }
}

/**
 * Which attached channel a message of the agent belongs to: by the `sessionId` it names
 * (bound when the session's new/load/resume went out or was answered), held while that id
 * is not bound yet; a message naming none goes to the one session prompting, else to the
 * only session there is.
 */
export class SessionRoutes {
  private readonly attached: Attached[] = [];
  private readonly bySession = new Map<string, Attached>();
  private readonly held = new Map<string, [AnyMessage, TappedMessage | undefined][]>();
  private heldCount = 0;

  add(onWrite: (message: AnyMessage) => Promise<void>): Attached {
    const a = new Attached(onWrite);
    this.attached.push(a);
    return a;
  }

  all(): readonly Attached[] {
    return this.attached;
  }

  bind(sessionId: string, a: Attached): void {
    this.bySession.set(sessionId, a);
    const held = this.held.get(sessionId);
    if (!held) return;
    this.held.delete(sessionId);
    this.heldCount -= held.length;
    for (const [message, wire] of held) a.deliver(message, wire);
  }

  /** Forgets `a`; returns the session ids it had. */
  detach(a: Attached): string[] {
    const index = this.attached.indexOf(a);
    if (index >= 0) this.attached.splice(index, 1);
    const ids = [...this.bySession].filter(([, b]) => b === a).map(([id]) => id);
    for (const id of ids) this.bySession.delete(id);
    return ids;
  }

  route(sessionId: unknown): Attached | "hold" | undefined {
    if (typeof sessionId === "string") return this.bySession.get(sessionId) ?? "hold";
    const sessions = [...new Set(this.bySession.values())];
    const prompting = sessions.filter((a) => a.prompting > 0);
    if (prompting.length >= 1) return prompting[prompting.length - 1];
    return sessions.length === 1 ? sessions[0] : undefined;
  }

  hold(sessionId: string, message: AnyMessage, wire?: TappedMessage): void {
    if (this.heldCount >= MAX_HELD) return;
    const list = this.held.get(sessionId) ?? [];
    list.push([message, wire]);
    this.held.set(sessionId, list);
    this.heldCount++;
  }

  /** The channel holding the agent's request `id` unanswered. */
  holding(id: unknown): Attached | undefined {
    return this.attached.find((a) => a.inboundPending.has(id as JsonRpcId));
  }
}
