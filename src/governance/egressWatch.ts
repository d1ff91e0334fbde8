import { EgressProxy, type EgressRequest } from "../agents/sandbox/egressProxy.js";
import { EGRESS_BRIDGE_PATH } from "../agents/sandbox/egressBridgePath.js";
import type { EgressPlan } from "../agents/sandbox/sandboxArgs.js";
import { parseHostPattern } from "../policy/hostPattern.js";
import type { SessionEvent, SessionEventBody } from "../sessions/events.js";
import type { Disposable } from "../util/emitter.js";

/** The loopback port of the bridge inside a sandbox (its network is its own: always free). */
export const EGRESS_PORT = 3128;

/** What a session's egress proxy reports into: the session, once it exists. */
export interface EgressSink {
  emit(body: SessionEventBody): void;
  on(listener: (event: SessionEvent) => void): Disposable;
}

/**
 * A session's network allow list at work: acpgate's egress proxy, the sandbox plan that
 * routes the agent (and its terminals) through it, and `attach`, which makes every request
 * a `network_request` event (audited by the session recorder) and closes the proxy when the
 * session ends. Requests made before the session exists are held and emitted on attach.
 */
export class EgressWatch {
  readonly plan: EgressPlan;
  private readonly proxy: EgressProxy;
  private sink: EgressSink | undefined;
  private readonly early: EgressRequest[] = [];

  constructor(allow: readonly string[]) {
    const patterns = allow.flatMap((text) => {
      const parsed = parseHostPattern(text);
      return typeof parsed === "string" ? [] : [parsed];
    });
    this.proxy = new EgressProxy(patterns, (request) => this.report(request));
    this.plan = {
      socketDir: this.proxy.socketDir,
      socketPath: this.proxy.socketPath,
      node: process.execPath,
      bridge: EGRESS_BRIDGE_PATH,
      port: EGRESS_PORT,
    };
  }

  attach(sink: EgressSink): void {
    this.sink = sink;
    for (const request of this.early.splice(0)) sink.emit(eventOf(request));
    const subscription = sink.on((event) => {
      if (event.type !== "session_state") return;
      if (event.state !== "closed" && event.state !== "failed") return;
      subscription.dispose();
      void this.close();
    });
  }

  close(): Promise<void> {
    return this.proxy.close();
  }

  private report(request: EgressRequest): void {
    if (this.sink) this.sink.emit(eventOf(request));
    else this.early.push(request);
  }
}

function eventOf(request: EgressRequest): SessionEventBody {
  return { type: "network_request", ...request };
}
