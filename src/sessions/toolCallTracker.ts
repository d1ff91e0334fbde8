import type { SessionEventBody } from "./events.js";

/** What is known of one tool call, merged from `tool_call` and its updates. */
export interface ToolCallState {
  toolCallId: string;
  title: string;
  kind: string;
  status: string;
  locations: string[];
  rawInput?: unknown;
  diffPaths?: string[];
}

/**
 * Merges announced tool calls so that a permission request can be judged on everything the
 * agent said about the call. Cleared at the end of each turn to stay bounded.
 */
export class ToolCallTracker {
  private readonly calls = new Map<string, ToolCallState>();

  observe(event: SessionEventBody): void {
    if (event.type === "tool_call") {
      this.calls.set(event.toolCallId, {
        toolCallId: event.toolCallId,
        title: event.title,
        kind: event.kind,
        status: event.status,
        locations: event.locations,
        rawInput: event.rawInput,
        ...(event.diffPaths ? { diffPaths: event.diffPaths } : {}),
      });
    } else if (event.type === "tool_call_update") {
      const known = this.calls.get(event.toolCallId);
      if (!known) return;
      if (event.title !== undefined) known.title = event.title;
      if (event.kind !== undefined) known.kind = event.kind;
      if (event.status !== undefined) known.status = event.status;
      if (event.locations !== undefined) known.locations = event.locations;
      if (event.rawInput !== undefined) known.rawInput = event.rawInput;
      if (event.diffPaths !== undefined)
        known.diffPaths = [...new Set([...(known.diffPaths ?? []), ...event.diffPaths])];
    }
  }

  get(toolCallId: string): ToolCallState | undefined {
    return this.calls.get(toolCallId);
  }

  clear(): void {
    this.calls.clear();
  }
}
