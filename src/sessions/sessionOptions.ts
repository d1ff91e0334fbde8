import type { AgentChannel } from "../agents/agentChannel.js";
import type { AgentEntry } from "../config/agentSchema.js";
import type { McpServerInput } from "../inputs/selectMcpServers.js";
import type { ExtensionRouter } from "../protocol/extensionRouter.js";
import type { BootstrapParams, StartHow } from "./bootstrapSession.js";
import type { Enforcement, SessionEventBody } from "./events.js";
import type { SessionGuard } from "./sessionGuard.js";

/** What a Session is given: its agent and channel, its guard, and how it starts and reports. */
export interface SessionOptions {
  id?: string;
  agentId: string;
  entry: AgentEntry;
  /** How the agent is reached: a stdio process, an in-memory pair … */
  channel: AgentChannel;
  cwd: string;
  guard: SessionGuard;
  start?: StartHow;
  /** Caller-supplied params of initialize and session/new|load|resume (an editor's, `_meta` included). */
  bootstrap?: BootstrapParams;
  /** Filtered by the agent's mcpCapabilities at start (see mcpInjection.ts). */
  mcpServers?: McpServerInput[];
  extensions?: ExtensionRouter;
  /** True when nobody can answer (acpgate run). */
  unattended?: boolean;
  /** How the agent is confined (reported on `session_started`). */
  enforcement?: Enforcement;
  /** Said right after `session_started` (the sandbox fell back). */
  startNotices?: SessionEventBody[];
  requestTimeoutMs?: number;
  startupTimeoutMs?: number;
  /** Events kept for readers that come later (SSE resume). */
  eventLogCapacity?: number;
  /**
   * Streamed text (`agent_message_chunk`, `agent_thought_chunk`, `user_message_chunk`) as
   * events (default true). The editor proxy forwards and journals the agent's own lines and
   * reads none of these: building one event a chunk was a fifth of its stream's CPU.
   */
  streamedTextEvents?: boolean;
}
