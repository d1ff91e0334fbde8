import { basename } from "node:path";

/**
 * Reduces an `acpgate run --format json` transcript to what a swap must keep equal.
 * - `outcome`: the milestones (a read, a refused or allowed write, a final answer, the stop
 *   reason), read off whichever events the agent happens to produce. Must be equal across
 *   agents for the same scenario: that is the swap guarantee.
 * - `kinds`: the sequence of normalised event kinds (noise dropped, repeats collapsed). Agents
 *   legitimately differ here; the differences are reported, not failed.
 */

type Event = Record<string, unknown> & { type: string };

export interface TranscriptShape {
  outcome: string[];
  kinds: string[];
  /** Agent behaviours worth knowing when swapping, detected in the transcript. */
  notes: string[];
}

/** Event types that carry no outcome: state bookkeeping, catalogues of commands, usage. */
const NOISE = new Set([
  "session_state",
  "session_started",
  "available_commands",
  "usage",
  "session_info",
  "config_options",
  "mode_changed",
  "notice",
  "update_unknown",
  "run_finished",
  "turn_started",
]);

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

export function parseTranscript(stdout: string): Event[] {
  return stdout
    .split("\n")
    .filter((line) => line.trim().startsWith("{"))
    .map((line) => JSON.parse(line) as Event);
}

/** A file name an event refers to: locations, rawInput paths, fs paths or the title. */
function pathOf(event: Event): string | undefined {
  const locations = Array.isArray(event.locations) ? (event.locations as unknown[]) : [];
  const input = (event.rawInput ?? {}) as Record<string, unknown>;
  const raw = event.raw as { params?: { toolCall?: Record<string, unknown> } } | undefined;
  const toolCall = raw?.params?.toolCall ?? {};
  const rawLocations = Array.isArray(toolCall.locations) ? (toolCall.locations as unknown[]) : [];
  const candidates = [
    str(event.path),
    ...locations.map(str),
    str(input.file_path) ?? str(input.path),
    ...rawLocations.map((l) => str((l as Record<string, unknown>).path)),
    str(((toolCall.rawInput ?? {}) as Record<string, unknown>).file_path),
  ];
  const found = candidates.find((c) => c);
  return found ? basename(found) : undefined;
}

export function shapeOf(events: Event[]): TranscriptShape {
  const outcome: string[] = [];
  const kinds: string[] = [];
  const notes = new Set<string>();
  const calls = new Map<string, { kind?: string; path?: string; startedAt: number }>();
  const decided = new Set<string>();
  let lastFsRead = -1;
  let answer = "";
  const push = (kind: string): void => {
    if (kinds[kinds.length - 1] !== kind) kinds.push(kind);
  };
  for (const [index, event] of events.entries()) {
    const id = str(event.toolCallId) ?? "";
    const call = calls.get(id) ?? { startedAt: index };
    if (event.type === "tool_call" || event.type === "tool_call_update") {
      call.kind = str(event.kind) ?? call.kind;
      call.path = pathOf(event) ?? call.path;
      calls.set(id, call);
    }
    if (event.type === "agent_message") {
      const text = str(event.text) ?? "";
      if (!text) {
        notes.add("sends empty message chunks");
        continue;
      }
      answer += text;
      push("agent_message");
      continue;
    }
    if (NOISE.has(event.type)) continue;
    if (event.type !== "turn_ended") answer = "";
    switch (event.type) {
      case "tool_call":
        push(`tool_call:${str(event.kind) ?? "other"}`);
        break;
      case "tool_call_update": {
        const status = str(event.status);
        if (status === "completed" || status === "failed") push(`tool_call_update:${status}`);
        if (status === "completed" && call.kind === "read")
          outcome.push(`read ${call.path ?? "?"}`);
        // A write the agent's own read-only mode stopped: it failed with no permission asked.
        if (status === "failed" && call.kind !== "read" && !decided.has(id)) {
          outcome.push("write refused");
          notes.add("refuses writes itself in its read-only mode (no permission asked)");
        }
        if (status === "completed" && call.kind === "read" && lastFsRead < call.startedAt)
          notes.add("reads files itself (no fs/read_text_file for its read tool)");
        break;
      }
      case "permission_asked":
        push(`permission_asked:${str(event.kind) ?? "other"}`);
        if (event.announced === false)
          notes.add("asks permission for a tool call it never announced");
        calls.set(id, {
          ...call,
          kind: call.kind ?? str(event.kind),
          path: call.path ?? pathOf(event),
        });
        break;
      case "permission_decided": {
        decided.add(id);
        push(`permission_decided:${str(event.outcome) ?? "?"}`);
        const target = calls.get(id);
        // A refusal is path-free (the file check proves which file stayed as it was): an
        // agent whose own mode refuses may not say which file it meant.
        outcome.push(
          event.outcome === "allow" ? `write ${target?.path ?? "?"} allowed` : "write refused",
        );
        break;
      }
      case "fs_read":
        push("fs_read");
        lastFsRead = index;
        notes.add("calls fs/read_text_file");
        break;
      case "fs_write":
        push(`fs_write:${event.allowed ? "allowed" : "refused"}`);
        notes.add("writes through the client (fs/write_text_file)");
        break;
      case "turn_ended":
        if (answer.trim()) outcome.push("answer");
        push(`turn_ended:${str(event.stopReason) ?? "?"}`);
        outcome.push(`stop ${str(event.stopReason) ?? "?"}`);
        break;
      default:
        push(event.type);
    }
  }
  return { outcome, kinds, notes: [...notes].sort() };
}

/** Line diff (LCS) of two kind sequences: `- x` only in `base`, `+ x` only in `other`. */
export function diffKinds(base: string[], other: string[]): string[] {
  const n = base.length;
  const m = other.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] =
        base[i] === other[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && base[i] === other[j]) {
      out.push(`  ${base[i]}`);
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      out.push(`+ ${other[j]}`);
      j++;
    } else {
      out.push(`- ${base[i]}`);
      i++;
    }
  }
  return out;
}
