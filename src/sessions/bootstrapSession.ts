import {
  PROTOCOL_VERSION,
  RequestError,
  type ClientCapabilities,
  type InitializeRequest,
  type InitializeResponse,
  type McpServer,
} from "@agentclientprotocol/sdk";
import type { AgentConnection } from "../protocol/agentConnection.js";
import { missingCapabilities } from "../agents/capabilities.js";
import type { AgentEntry } from "../config/agentSchema.js";
import type { Enforcement, SessionEventBody } from "./events.js";
import { AcpgateError } from "../util/errors.js";
import { mergeDeep } from "../util/mergeDeep.js";
import { wireErrorDetail } from "../protocol/wireErrorDetail.js";
import { narrowCapabilities } from "./narrowCapabilities.js";
import { continuation, refuseContinue } from "./continuation.js";
import { objectResult, sessionIdOf } from "./agentAnswers.js";

/**
 * `continue`: resume when the agent advertises `sessionCapabilities.resume`, else load when
 * it advertises `loadSession`, else refuse — never a silent new session.
 */
export type StartHow =
  | { how: "new" }
  | { how: "load"; agentSessionId: string }
  | { how: "resume"; agentSessionId: string }
  | { how: "continue"; agentSessionId: string };

/**
 * What a caller (the editor proxy) brings to the handshake: its own initialize params and
 * the extra fields of its session/new|load|resume (`_meta` included), passed on as given.
 * Client capabilities are narrowed to what the guard serves, never widened.
 */
export interface BootstrapParams {
  initialize?: Partial<InitializeRequest>;
  session?: { _meta?: Record<string, unknown> | null; [key: string]: unknown };
}

export interface BootstrapInput {
  connection: AgentConnection;
  agentId: string;
  entry: AgentEntry;
  cwd: string;
  clientCapabilities: ClientCapabilities;
  how: StartHow;
  params?: BootstrapParams;
  /** The servers to send, or a function choosing them from the initialize response. */
  mcpServers: McpServer[] | ((initialize: InitializeResponse) => McpServer[]);
  timeoutMs: number;
  /** Told when session/load starts and stops replaying history. */
  onReplay(replaying: boolean): void;
}

export interface BootstrapResult {
  initialize: InitializeResponse;
  agentSessionId: string;
  /** What was done (`continue` became resume or load). */
  how: "new" | "load" | "resume";
  sessionResponse: unknown;
}

/**
 * initialize → capability assertions → authenticate (when configured) → session/new, load or
 * resume. A load that the agent cannot do is an error, never a silent new session.
 */
export async function bootstrapSession(input: BootstrapInput): Promise<BootstrapResult> {
  const { connection, entry, agentId } = input;
  const timeout = { timeoutMs: input.timeoutMs };
  const caller = input.params ?? {};
  const served = mergeDeep(
    input.clientCapabilities,
    entry.clientCapabilities ?? {},
  ) as ClientCapabilities;
  const clientCapabilities = caller.initialize?.clientCapabilities
    ? narrowCapabilities(caller.initialize.clientCapabilities, served)
    : served;
  const initialize = await connection.request(
    "initialize",
    {
      clientInfo: { name: "acpgate", title: "acpgate", version: "0.1.0" },
      ...caller.initialize,
      protocolVersion: caller.initialize?.protocolVersion ?? PROTOCOL_VERSION,
      clientCapabilities,
    },
    timeout,
  );
  // The SDK passes results through unchecked: a null one is a protocol error, not a TypeError.
  objectResult(initialize, "initialize", agentId);
  const how =
    input.how.how === "continue" ? continuation(input.how, initialize, agentId) : input.how;
  const required = [
    ...entry.require,
    ...(how.how === "load" ? ["loadSession"] : []),
    ...(how.how === "resume" ? ["resume"] : []),
  ];
  const missing = missingCapabilities(required, initialize);
  if (missing.length) {
    throw new AcpgateError(
      "capability_missing",
      `agent '${agentId}' lacks required capability ${missing.map((m) => `'${m}'`).join(", ")} (required by the agent entry${how.how !== "new" ? ` or session/${how.how}` : ""})`,
      { agentId, missing, requiredBy: "agent" },
    );
  }
  const mcpServers =
    typeof input.mcpServers === "function" ? input.mcpServers(initialize) : input.mcpServers;
  if (entry.auth) await authenticate(input, initialize);
  const base = { ...caller.session, cwd: input.cwd, mcpServers };
  if (how.how === "new") {
    const response = await connection
      .request("session/new", base, timeout)
      .catch((error: unknown) => rethrowAuthRequired(error, agentId, initialize));
    return {
      initialize,
      agentSessionId: sessionIdOf(response, agentId),
      how: "new",
      sessionResponse: response,
    };
  }
  const sessionId = how.agentSessionId;
  // A continued session the agent cannot find is a refusal that says so, not an agent error.
  const refusal = (error: unknown): never => {
    if (input.how.how === "continue") refuseContinue(error, agentId, how.how, sessionId);
    throw error;
  };
  if (how.how === "resume") {
    const response = await connection
      .request("session/resume", { ...base, sessionId }, timeout)
      .catch(refusal);
    return { initialize, agentSessionId: sessionId, how: "resume", sessionResponse: response };
  }
  input.onReplay(true);
  try {
    const response = await connection
      .request(
        "session/load",
        { ...base, sessionId },
        { timeoutMs: Math.max(input.timeoutMs, 120_000) },
      )
      .catch(refusal);
    return { initialize, agentSessionId: sessionId, how: "load", sessionResponse: response };
  } finally {
    input.onReplay(false);
  }
}

async function authenticate(input: BootstrapInput, initialize: InitializeResponse): Promise<void> {
  const auth = input.entry.auth;
  if (!auth) return;
  const offered = (initialize.authMethods ?? []).map((m) => m.id);
  try {
    await input.connection.request(
      "authenticate",
      { methodId: auth.method, ...(auth.meta ? { _meta: auth.meta } : {}) },
      { timeoutMs: input.timeoutMs },
    );
  } catch (error) {
    if (error instanceof RequestError) {
      const detail = wireErrorDetail(error);
      throw new AcpgateError(
        "agent_error",
        `agent '${input.agentId}' refused authenticate with method '${auth.method}': ${error.message}${detail ? ` (${detail})` : ""} (offered methods: ${offered.join(", ") || "none"})`,
        {
          agentId: input.agentId,
          method: auth.method,
          offered,
          wireCode: error.code,
          data: error.data,
        },
      );
    }
    throw error;
  }
}

/** -32000 from session/new means "authenticate first": say which methods the agent offers. */
function rethrowAuthRequired(error: unknown, agentId: string, init: InitializeResponse): never {
  if (error instanceof RequestError && error.code === -32000) {
    const offered = (init.authMethods ?? []).map((m) => m.id);
    throw new AcpgateError(
      "agent_error",
      `agent '${agentId}' requires authentication: ${error.message} (offered methods: ${offered.join(", ") || "none"}; set \`auth: {method: …}\` in its catalogue entry)`,
      { agentId, offered, wireCode: error.code, data: error.data },
      { cause: error },
    );
  }
  throw error;
}

/** The `session_started` event for a bootstrap result. */
export function startedEvent(
  agentId: string,
  result: BootstrapResult,
  enforcement?: Enforcement,
): SessionEventBody {
  const info = result.initialize.agentInfo;
  return {
    type: "session_started",
    agentId,
    agentSessionId: result.agentSessionId,
    how: result.how,
    protocolVersion: result.initialize.protocolVersion,
    ...(info ? { agentInfo: { name: info.name, version: info.version } } : {}),
    ...(enforcement ? { enforcement } : {}),
  };
}
