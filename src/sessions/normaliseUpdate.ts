import type { SessionEventBody } from "./events.js";

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** Text of a content block; non-text blocks read as `[type]`. */
export function contentText(content: unknown): { text: string; contentType: string } {
  if (!isObj(content)) return { text: "", contentType: "unknown" };
  const type = str(content.type) ?? "unknown";
  if (type === "text") return { text: str(content.text) ?? "", contentType: type };
  if (type === "resource_link") return { text: str(content.uri) ?? "", contentType: type };
  return { text: `[${type}]`, contentType: type };
}

/** Paths named by a tool call's `locations` (each `{path, line?}`); malformed entries skipped. */
export function locationPaths(locations: unknown): string[] {
  if (!Array.isArray(locations)) return [];
  return locations.flatMap((location) => {
    const path = isObj(location) ? str(location.path) : undefined;
    return path ? [path] : [];
  });
}

/** `{diffPaths}` of a tool call's `diff` content, or nothing when it has none. */
function diffPathsOf(content: unknown): { diffPaths?: string[] } {
  if (!Array.isArray(content)) return {};
  const paths = content.flatMap((c) =>
    isObj(c) && c.type === "diff" && str(c.path) ? [str(c.path) ?? ""] : [],
  );
  return paths.length ? { diffPaths: paths } : {};
}

export const STREAMED_TEXT = new Set([
  "agent_message_chunk",
  "agent_thought_chunk",
  "user_message_chunk",
]);

/** Whether `session/update` params carry a streamed text chunk (of any content type). */
export function isStreamedText(params: unknown): boolean {
  const update = isObj(params) ? params.update : undefined;
  return isObj(update) && STREAMED_TEXT.has(update.sessionUpdate as string);
}

/**
 * Turns raw `session/update` params into a normalised event. Real agents send `null` where
 * the schema says string, extra `_meta` everywhere and variants newer than this build: the
 * reader is defensive and never throws; an unknown variant becomes `update_unknown`.
 */
export function normaliseUpdate(params: unknown, replay: boolean): SessionEventBody | undefined {
  const update = isObj(params) ? params.update : undefined;
  if (!isObj(update)) return undefined;
  const kind = str(update.sessionUpdate) ?? "";
  const rep = replay ? { replay: true } : {};
  switch (kind) {
    case "agent_message_chunk": {
      const { text, contentType } = contentText(update.content);
      return { type: "agent_message", text, contentType, ...rep };
    }
    case "agent_thought_chunk":
      return { type: "agent_thought", text: contentText(update.content).text, ...rep };
    case "user_message_chunk":
      return { type: "user_message", text: contentText(update.content).text, ...rep };
    case "tool_call":
      return {
        type: "tool_call",
        toolCallId: str(update.toolCallId) ?? "",
        title: str(update.title) ?? "",
        kind: str(update.kind) ?? "other",
        status: str(update.status) ?? "pending",
        locations: locationPaths(update.locations),
        rawInput: update.rawInput,
        ...diffPathsOf(update.content),
        ...rep,
      };
    case "tool_call_update":
      return {
        type: "tool_call_update",
        toolCallId: str(update.toolCallId) ?? "",
        ...(str(update.title) !== undefined ? { title: str(update.title) } : {}),
        ...(str(update.kind) !== undefined ? { kind: str(update.kind) } : {}),
        ...(str(update.status) !== undefined ? { status: str(update.status) } : {}),
        ...(Array.isArray(update.locations) ? { locations: locationPaths(update.locations) } : {}),
        ...(update.rawInput !== undefined ? { rawInput: update.rawInput } : {}),
        ...diffPathsOf(update.content),
        ...(update.rawOutput !== undefined ? { rawOutput: update.rawOutput } : {}),
        ...rep,
      };
    case "plan":
      return { type: "plan", entries: planEntries(update.entries), source: "acp" };
    case "current_mode_update":
      return { type: "mode_changed", modeId: str(update.currentModeId) ?? "" };
    case "config_option_update":
      return {
        type: "config_options",
        options: Array.isArray(update.configOptions) ? update.configOptions : [],
      };
    case "available_commands_update":
      return {
        type: "available_commands",
        commands: (Array.isArray(update.availableCommands) ? update.availableCommands : []).flatMap(
          (command) =>
            isObj(command) && str(command.name)
              ? [{ name: str(command.name) ?? "", description: str(command.description) }]
              : [],
        ),
      };
    case "session_info_update":
      return { type: "session_info", title: str(update.title) ?? null };
    case "usage_update":
      return {
        type: "usage",
        used: typeof update.used === "number" ? update.used : undefined,
        size: typeof update.size === "number" ? update.size : undefined,
        cost: update.cost,
      };
    default:
      return { type: "update_unknown", sessionUpdate: kind };
  }
}

export function planEntries(
  entries: unknown,
): { content: string; status: string; priority?: string }[] {
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry) =>
    isObj(entry)
      ? [
          {
            content: str(entry.content) ?? "",
            status: str(entry.status) ?? "pending",
            ...(str(entry.priority) ? { priority: str(entry.priority) } : {}),
          },
        ]
      : [],
  );
}
