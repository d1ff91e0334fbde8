import type { LineOut } from "../../util/coalescedWritable.js";
import {
  agent,
  RequestError,
  type AgentApp,
  type AgentContext,
  type AuthMethod,
  type InitializeRequest,
  type InitializeResponse,
  type LoadSessionResponse,
  type NewSessionResponse,
  type ResumeSessionResponse,
} from "@agentclientprotocol/sdk";
import type { Plane } from "../plane.js";
import { advertisedAuthMethods } from "./authMethods.js";
import { ControlAgent } from "./controlAgent.js";
import { promptParams } from "./promptParams.js";
import { ProxySessions } from "./proxySessions.js";
import { answering } from "./wireError.js";

export interface EditorProxyOptions {
  plane: Plane;
  agentId: string;
  /** `--env`: its MCP servers, secrets and policy. */
  environment?: string;
  /** `--policy`: the policy every session of this connection runs under. */
  policy?: string;
  /** The person at the editor (recorded as actor and as approver). */
  actor: string;
  /**
   * Writes one NDJSON line to the editor, in order with the connection's own writes: the
   * agent's `session/update`s go this way, serialized once and past the SDK's machinery.
   */
  editorOut?: LineOut;
  /**
   * Where `editorOut` says the editor's pipe is full (`true`) and drained (`false`): the
   * agent's output is held meanwhile, so a fast agent and a slow editor cost no memory here.
   */
  editorPressure?: (listener: (full: boolean) => void) => void;
  /** Where the connection's agent process runs (each session in its own cwd). */
  cwd: string;
}

/** Draft methods (proxy chains, MCP-over-ACP) that are not acpgate's to speak. */
const DRAFT_METHODS = /^(proxy\/|mcp\/)/;

/**
 * acpgate as an ACP agent for one editor connection: `initialize` answered from the real
 * agent's (its capabilities, its auth methods as acpgate can honour them, an agentInfo
 * naming both, the editor's protocolVersion echoed), then every session through the plane's
 * governed sessions (proxySessions.ts). Extras go under `_meta`; no root field is added.
 */
export function editorProxy(options: EditorProxyOptions): {
  app: AgentApp;
  close(): Promise<void>;
} {
  const { plane, agentId } = options;
  let control: ControlAgent | undefined;
  let advertised: AuthMethod[] = [];
  let sessions: ProxySessions | undefined;
  let released: (() => void) | undefined;
  options.editorPressure?.((full) => {
    if (!full) {
      released?.();
      released = undefined;
    } else released ??= control?.shared.agent.hold();
  });
  const live = (): ProxySessions => {
    if (!sessions) throw RequestError.invalidRequest(undefined, "initialize first");
    return sessions;
  };

  const initialize = async (
    params: InitializeRequest,
    editor: AgentContext,
  ): Promise<InitializeResponse> => {
    await sessions?.closeAll();
    await control?.close();
    control = await ControlAgent.start({
      plane,
      agentId,
      environment: options.environment,
      policy: options.policy,
      actor: options.actor,
      cwd: options.cwd,
      params,
    });
    const real = control.initialize;
    advertised = advertisedAuthMethods({
      agentMethods: real.authMethods,
      brokered: plane.catalogue.get(agentId).auth !== undefined,
      editor: params.clientCapabilities,
    });
    sessions = new ProxySessions({
      ...options,
      editor,
      initialize: params,
      shared: control.shared,
    });
    const info = real.agentInfo;
    const name = info?.name ?? agentId;
    return {
      protocolVersion: params.protocolVersion,
      agentCapabilities: real.agentCapabilities ?? {},
      authMethods: advertised,
      agentInfo: {
        name: `${name} via acpgate`,
        title: `${info?.title ?? name} via acpgate`,
        version: info?.version ?? "unknown",
      },
      _meta: {
        ...(real._meta ?? {}),
        acpgate: { agentId, agentProtocolVersion: real.protocolVersion },
      },
    };
  };

  const app = agent({ name: "acpgate-proxy" })
    .onRequest("initialize", (cx) => answering(() => initialize(cx.params, cx.client)))
    .onRequest("authenticate", (cx) =>
      answering(async () => {
        // Refused before anything is done: only an id advertised to this connection.
        if (!advertised.some((m) => m.id === cx.params.methodId))
          throw RequestError.invalidParams(
            { methodId: cx.params.methodId },
            `auth method '${cx.params.methodId}' was not advertised to this connection`,
          );
        if (!control) throw RequestError.invalidRequest(undefined, "initialize first");
        return (await control.connection.request("authenticate", cx.params)) ?? {};
      }),
    )
    .onRequest("session/new", (cx) =>
      answering(() => live().open<NewSessionResponse>({ how: "new" }, cx.params)),
    )
    .onRequest("session/load", (cx) =>
      answering(() =>
        live().open<LoadSessionResponse>(
          { how: "load", agentSessionId: cx.params.sessionId },
          cx.params,
        ),
      ),
    )
    .onRequest("session/resume", (cx) =>
      answering(() =>
        live().open<ResumeSessionResponse>(
          { how: "resume", agentSessionId: cx.params.sessionId },
          cx.params,
        ),
      ),
    )
    .onRequest("session/list", (cx) =>
      answering(async () => {
        if (!control) throw RequestError.invalidRequest(undefined, "initialize first");
        return control.connection.request("session/list", cx.params, { signal: cx.signal });
      }),
    )
    .onRequest("session/close", (cx) => answering(() => live().close(cx.params.sessionId)))
    .onRequest("session/prompt", promptParams, (cx) =>
      answering(() => live().prompt(cx.params, cx.requestId)),
    )
    .onRequest("session/set_mode", (cx) => answering(() => live().setMode(cx.params)))
    .onRequest("session/set_config_option", (cx) =>
      answering(() => live().setConfigOption(cx.params)),
    )
    .onNotification("session/cancel", (cx) => live().cancel(cx.params.sessionId))
    // The SDK has aborted the request's signal already and passes the notification on.
    .onNotification("*", (cx) => {
      if (cx.method === "$/cancel_request")
        sessions?.cancelRequest((cx.params as { requestId?: unknown } | undefined)?.requestId);
    })
    .onRequest("*", (cx) => {
      if (DRAFT_METHODS.test(cx.method))
        throw new RequestError(
          -32601,
          `Method not found: ${cx.method} is a draft ACP feature acpgate does not speak (acpgate is a plain agent toward the editor)`,
          { method: cx.method },
        );
      throw RequestError.methodNotFound(cx.method);
    });

  return {
    app,
    async close() {
      await sessions?.closeAll();
      await control?.close();
    },
  };
}
