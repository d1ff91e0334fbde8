import type { LineOut } from "../../util/coalescedWritable.js";
import { collectStartupGarbage } from "../../util/startupGarbage.js";
import {
  RequestError,
  type AgentContext,
  type InitializeRequest,
  type JsonRpcId,
  type PromptRequest,
  type PromptResponse,
  type SetSessionConfigOptionResponse,
  type SetSessionConfigOptionRequest,
  type SetSessionModeRequest,
} from "@agentclientprotocol/sdk";
import type { StartHow } from "../../sessions/bootstrapSession.js";
import type { Session } from "../../sessions/session.js";
import type { SharedLaunch } from "../../sessions/sessionManager.js";
import type { McpServerInput } from "../../inputs/selectMcpServers.js";
import type { Policy } from "../../policy/policyTypes.js";
import type { Plane } from "../plane.js";
import { EditorApprover } from "./editorApprover.js";
import { editorElicitation } from "./editorElicitation.js";
import { editorFiles } from "./editorFiles.js";
import { editorQuestions } from "./editorQuestions.js";
import { editorTerminals } from "./editorTerminals.js";
import { ProxySession } from "./proxySession.js";
import { captureSessionResponse } from "./sessionResponse.js";

export interface ProxySessionsOptions {
  plane: Plane;
  agentId: string;
  environment?: string;
  policy?: string;
  actor: string;
  editor: AgentContext;
  /** The editor's initialize params: passed to each session's agent (capabilities narrowed). */
  initialize: InitializeRequest;
  /** One NDJSON line to the editor (the proxy's stdout); the SDK's notify when unset. */
  editorOut?: LineOut;
  /** The connection's one agent process: every session runs on it. */
  shared: SharedLaunch;
}

type SessionParams = { cwd: string; mcpServers?: unknown[]; [key: string]: unknown };

/**
 * The editor's sessions, keyed by the agent's own session id (the id on the wire). Each is a
 * governed session of the plane on the connection's one agent process: attended (`ask` goes to the
 * editor), recorded with the editor's person as actor, its mode set to the posture.
 */
export class ProxySessions {
  private readonly open_ = new Map<string, ProxySession>();
  /** The turns running, by the editor's request id. */
  private readonly prompting = new Map<JsonRpcId, Session>();

  constructor(private readonly options: ProxySessionsOptions) {}

  /** Answers with the agent's own answer to session/new|load|resume, as it was. */
  async open<T>(how: StartHow, params: SessionParams): Promise<T> {
    const { plane, editor } = this.options;
    const { cwd, mcpServers, sessionId: _sessionId, ...rest } = params;
    const capabilities = this.options.initialize.clientCapabilities;
    const elicitation = editorElicitation(editor, capabilities);
    const late: { bound?: ProxySession } = {};
    const approver = new EditorApprover(
      editor,
      () => late.bound?.agentSessionId ?? "",
      (id) => late.bound?.permissionParams(id),
      this.options.actor,
    );
    const answerer = editorQuestions(
      editor,
      capabilities,
      () => late.bound?.agentSessionId ?? "",
      this.options.actor,
    );
    const terminals = editorTerminals(editor, capabilities);
    const session = await plane.manager.prepareWithInputs({
      agentId: this.options.agentId,
      cwd,
      start: how,
      shared: this.options.shared,
      unattended: false,
      actor: this.options.actor,
      approver,
      clientFiles: editorFiles(editor, capabilities),
      ...(terminals ? { clientTerminals: terminals } : {}),
      ...(elicitation ? { passThrough: elicitation } : {}),
      ...(answerer ? { answerer } : {}),
      ...(this.options.policy ? { policy: this.options.policy } : {}),
      ...(this.options.environment ? { environment: this.options.environment } : {}),
      // The editor's own servers against the environment's inventory, as the policy says.
      mcpServers: (mcpServers ?? []) as McpServerInput[],
      clientMcpRule: this.policy().editorMcpServers ?? "merge",
      bootstrap: { initialize: this.options.initialize, session: rest },
    });
    const bound = (late.bound = new ProxySession(
      session,
      editor,
      this.options.initialize.clientCapabilities,
      this.options.editorOut,
    ));
    const response = captureSessionResponse(session);
    try {
      await session.start();
    } catch (error) {
      bound.dispose();
      await plane.manager.close(session.id).catch(() => undefined);
      throw error;
    }
    this.open_.set(bound.agentSessionId, bound);
    // Start-up's garbage, before the first turn rather than during it (startupGarbage.ts).
    collectStartupGarbage();
    // After the answer is written: the editor knows the session id the notices name.
    setImmediate(() => bound.opened());
    return response() as T;
  }

  /**
   * One turn. `requestId` is the editor's id of the request: its `$/cancel_request`
   * (`cancelRequest`) cancels the turn, and the agent still answers (stopReason cancelled).
   * Found by id rather than by a listener on the request's signal, which cost Node 20 ~4 µs
   * of every turn.
   */
  async prompt(params: PromptRequest, requestId: JsonRpcId): Promise<PromptResponse> {
    const { session } = this.get(params.sessionId);
    this.prompting.set(requestId, session);
    try {
      const { prompt, sessionId: _id, ...rest } = params;
      const turn = await session.prompt(prompt, { params: rest });
      return turn.response;
    } finally {
      this.prompting.delete(requestId);
    }
  }

  /** The editor cancelled its request `requestId`: if it is a turn, the turn is cancelled. */
  cancelRequest(requestId: unknown): void {
    const session = this.prompting.get(requestId as JsonRpcId);
    if (session) void session.cancel();
  }

  async cancel(sessionId: string): Promise<void> {
    await this.open_.get(sessionId)?.session.cancel();
  }

  async setMode(params: SetSessionModeRequest): Promise<Record<string, never>> {
    // Refused when the posture forbids the mode (the guard says why).
    await this.get(params.sessionId).session.setMode(params.modeId);
    return {};
  }

  async setConfigOption(
    params: SetSessionConfigOptionRequest,
  ): Promise<SetSessionConfigOptionResponse> {
    const { session } = this.get(params.sessionId);
    const view = session.modes.state;
    if (view.modeConfigId !== undefined && params.configId === view.modeConfigId)
      session.guard.authorizeModeChange(String(params.value));
    const response = await session.connection.request("session/set_config_option", params);
    session.modes.applyConfigOptions(response.configOptions);
    return response;
  }

  async close(sessionId: string): Promise<Record<string, never>> {
    const open = this.get(sessionId);
    this.open_.delete(sessionId);
    open.dispose();
    await this.options.plane.manager.close(open.session.id);
    return {};
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.open_.keys()].map((id) => this.close(id).catch(() => undefined)));
  }

  private policy(): Policy {
    const { plane, policy } = this.options;
    return policy ? plane.policyFor(policy) : plane.policy;
  }

  private get(sessionId: string): ProxySession {
    const open = this.open_.get(sessionId);
    if (!open) throw RequestError.resourceNotFound(sessionId);
    return open;
  }
}
