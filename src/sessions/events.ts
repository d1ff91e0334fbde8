import type { ExtensionEventBody } from "../protocol/extensionEvents.js";
import type { SessionStateName } from "./sessionState.js";

/** Version tag of the event envelope. A change that breaks consumers gets a new tag. */
export const EVENT_SCHEMA = "acpgate.event.v1";

export type PermissionOutcome = "allow" | "reject" | "cancelled";

/**
 * How a session's agent is held to its posture: `sandbox` (the OS enforces it), `mode` (a
 * catalogue-verified read-only mode, or an agent that writes only through the client), or
 * `permission-only` (only the answers acpgate gives to its permission requests).
 */
export type Enforcement = "sandbox" | "mode" | "permission-only";

/** The normalised payloads. Every field is documented in docs/events.md. */
export type SessionEventBody =
  | { type: "session_state"; state: SessionStateName; previous: SessionStateName; reason?: string }
  | {
      type: "session_started";
      agentId: string;
      agentSessionId: string;
      how: "new" | "load" | "resume";
      protocolVersion: number;
      agentInfo?: { name?: string; version?: string };
      /** How what the agent may touch is enforced (docs/sandbox.md). */
      enforcement?: Enforcement;
    }
  | { type: "agent_message"; text: string; contentType: string; replay?: boolean }
  | { type: "agent_thought"; text: string; replay?: boolean }
  | { type: "user_message"; text: string; replay?: boolean }
  | {
      type: "tool_call";
      toolCallId: string;
      title: string;
      kind: string;
      status: string;
      locations: string[];
      rawInput?: unknown;
      /** Paths of `diff` content, when the call carries any. */
      diffPaths?: string[];
      replay?: boolean;
    }
  | {
      type: "tool_call_update";
      toolCallId: string;
      title?: string;
      kind?: string;
      status?: string;
      locations?: string[];
      rawInput?: unknown;
      diffPaths?: string[];
      rawOutput?: unknown;
      replay?: boolean;
    }
  | {
      type: "plan";
      entries: { content: string; status: string; priority?: string }[];
      source: string;
    }
  | { type: "mode_changed"; modeId: string }
  | {
      /** Something acpgate did that people should know of: `message` says it in one line. */
      type: "notice";
      /** `mode_set_by_policy`: the policy changed the agent's mode at session start. */
      code: "mode_set_by_policy";
      message: string;
      data: { from: string | null; to: string; policy: string; posture: string };
    }
  | {
      type: "notice";
      /** `catalogue_outdated`: the agent offers none of the catalogue's read-only modes. */
      code: "catalogue_outdated";
      message: string;
      data: { readOnly: string[]; offered: string[]; verifiedAt: string | null };
    }
  | {
      /** A protected path changed during a turn, not through acpgate (governance/integrityWatch.ts). */
      type: "protected_path_changed";
      /** Relative to the session cwd when inside it, else absolute. */
      path: string;
      change: "created" | "modified" | "deleted";
      /** What protects it: `protected:.git`, `protected:.acpgate`, `protected:config`, … */
      ruleId: string;
      /** On the last event of a check that named only the first changes: how many more. */
      more?: number;
    }
  | {
      type: "notice";
      /** `mcp_server_withheld`: the policy's `editorMcpServers` left a client's or the environment's server out. */
      code: "mcp_server_withheld";
      message: string;
      data: { name: string; from: "client" | "environment"; rule: string };
    }
  | {
      type: "notice";
      /** `sandbox_unavailable`: sandbox `auto` fell back to running the agent unconfined. */
      code: "sandbox_unavailable";
      message: string;
      data: { reason: string; setting: string; enforcement: Enforcement };
    }
  | {
      /** A connection the sandboxed agent asked for under a network allow list (governance/egressWatch.ts). */
      type: "network_request";
      host: string;
      port: number;
      allowed: boolean;
      /** `connect`: a tunnel (HTTPS); `http`: a plain HTTP request. */
      via: "connect" | "http";
    }
  | { type: "config_options"; options: unknown[] }
  | { type: "available_commands"; commands: { name: string; description?: string }[] }
  | { type: "session_info"; title?: string | null }
  | { type: "usage"; used?: number; size?: number; cost?: unknown }
  | { type: "update_unknown"; sessionUpdate: string }
  | {
      type: "permission_asked";
      requestId: string;
      toolCallId: string;
      title: string;
      /** The kind the agent claimed (`other` when it named none). */
      kind: string;
      /** Every kind policy judged it as (the most dangerous reading when unknown). */
      kinds?: string[];
      /** The paths policy judged, as the agent wrote them. */
      paths?: string[];
      /** The command policy judged, when it runs one. */
      command?: string;
      announced: boolean;
      options: { kind: string; name: string }[];
    }
  | {
      type: "permission_decided";
      requestId: string;
      toolCallId: string;
      outcome: PermissionOutcome;
      optionKind?: string;
      ruleId?: string;
      reason: string;
      decidedBy: string;
    }
  | { type: "fs_read"; path: string; allowed: boolean; reason?: string; ruleId?: string }
  | {
      type: "fs_write";
      path: string;
      allowed: boolean;
      bytes: number;
      reason?: string;
      ruleId?: string;
    }
  | {
      type: "terminal";
      action: string;
      command?: string;
      allowed: boolean;
      reason?: string;
      ruleId?: string;
      terminalId?: string;
    }
  | {
      /** The session moved to another policy, by an explicit act of `actor`. */
      type: "promotion";
      from: string;
      to: string;
      posture: string;
      actor: string;
      reason: string;
      modeId?: string;
    }
  | {
      /** The MCP servers session/new or session/load carried: names only, never env/headers. */
      type: "mcp_servers_given";
      servers: { name: string; transport: "stdio" | "http" | "sse"; required: boolean }[];
    }
  | {
      /** An optional MCP server withheld because the agent lacks the transport capability. */
      type: "mcp_server_dropped";
      name: string;
      transport: "http" | "sse";
      missing: string;
    }
  /** extension, subagent, question, vendor_notification (and vendor plans): docs/extensions.md */
  | ExtensionEventBody
  | {
      type: "turn_started";
      promptText: string;
      /** The caller's request that started the turn (an HTTP request id), when it gave one. */
      requestId?: string;
    }
  | { type: "turn_ended"; stopReason: string }
  | { type: "error"; code: string; message: string };

/** The envelope every surface sees: versioned, ordered per session, with the raw ACP message. */
export type SessionEvent = SessionEventBody & {
  schema: typeof EVENT_SCHEMA;
  seq: number;
  time: string;
  sessionId: string;
  /** The ACP message this event came from, as it was on the wire. */
  raw?: unknown;
};
