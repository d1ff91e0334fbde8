import type { SessionEvent } from "../api/types.js";
import { diffsOf, textsOf, type FileDiff } from "./toolDiffs.js";

type Of<T extends SessionEvent["type"]> = Extract<SessionEvent, { type: T }>;

export interface ToolCallItem {
  kind: "tool";
  key: string;
  toolCallId: string;
  title: string;
  toolKind: string;
  status: string;
  locations: string[];
  diffs: FileDiff[];
  output: string[];
  rawOutput?: unknown;
}

export interface PermissionItem {
  kind: "permission";
  key: string;
  asked: Of<"permission_asked">;
  decided?: Of<"permission_decided">;
}

export type TimelineItem =
  | { kind: "user"; key: string; text: string }
  | { kind: "agent"; key: string; text: string }
  | { kind: "thought"; key: string; text: string }
  | ToolCallItem
  | PermissionItem
  | { kind: "line"; key: string; event: SessionEvent };

/** What the side panel shows: the newest plan and usage, the session's mode. */
export interface SessionFacts {
  plan?: Of<"plan">;
  usage?: Of<"usage">;
  mode?: string;
  state?: string;
  title?: string;
}

/** Events that are shown as a one-line entry in the conversation. */
const LINES = new Set([
  "turn_ended",
  "notice",
  "error",
  "fs_write",
  "terminal",
  "protected_path_changed",
  "network_request",
  "promotion",
  "subagent",
  "question",
  "mode_changed",
  "session_started",
]);

/**
 * Folds a session's events into what a person reads: message chunks joined, thoughts apart,
 * a tool call and its updates as one card (diffs from its ACP content), a permission request
 * with its decision. Pure: the same events give the same timeline.
 */
export function buildTimeline(events: readonly SessionEvent[]): {
  items: TimelineItem[];
  facts: SessionFacts;
} {
  const items: TimelineItem[] = [];
  const tools = new Map<string, ToolCallItem>();
  const permissions = new Map<string, PermissionItem>();
  const facts: SessionFacts = {};
  for (const e of events) {
    const last = items.at(-1);
    switch (e.type) {
      case "turn_started":
        items.push({ kind: "user", key: `u${e.seq}`, text: e.promptText });
        break;
      case "user_message":
        if (last?.kind === "user" && e.replay) last.text += e.text;
        else items.push({ kind: "user", key: `u${e.seq}`, text: e.text });
        break;
      case "agent_message":
        if (last?.kind === "agent") last.text += e.text;
        else items.push({ kind: "agent", key: `a${e.seq}`, text: e.text });
        break;
      case "agent_thought":
        if (last?.kind === "thought") last.text += e.text;
        else items.push({ kind: "thought", key: `t${e.seq}`, text: e.text });
        break;
      case "tool_call": {
        const item: ToolCallItem = {
          kind: "tool",
          key: `c${e.seq}`,
          toolCallId: e.toolCallId,
          title: e.title,
          toolKind: e.kind,
          status: e.status,
          locations: e.locations,
          diffs: diffsOf(e.raw),
          output: textsOf(e.raw),
        };
        tools.set(e.toolCallId, item);
        items.push(item);
        break;
      }
      case "tool_call_update": {
        const item = tools.get(e.toolCallId);
        if (!item) break;
        if (e.title) item.title = e.title;
        if (e.kind) item.toolKind = e.kind;
        if (e.status) item.status = e.status;
        if (e.locations) item.locations = e.locations;
        const diffs = diffsOf(e.raw);
        if (diffs.length) item.diffs = diffs;
        item.output.push(...textsOf(e.raw));
        if (e.rawOutput !== undefined) item.rawOutput = e.rawOutput;
        break;
      }
      case "permission_asked": {
        const item: PermissionItem = { kind: "permission", key: `p${e.seq}`, asked: e };
        permissions.set(e.requestId, item);
        items.push(item);
        break;
      }
      case "permission_decided": {
        const item = permissions.get(e.requestId);
        if (item) item.decided = e;
        break;
      }
      case "plan":
        facts.plan = e;
        break;
      case "usage":
        facts.usage = e;
        break;
      case "session_state":
        facts.state = e.state;
        break;
      case "session_info":
        if (e.title) facts.title = e.title;
        break;
      default:
        break;
    }
    if (e.type === "mode_changed") facts.mode = e.modeId;
    if (LINES.has(e.type)) items.push({ kind: "line", key: `l${e.seq}`, event: e });
  }
  return { items, facts };
}
