import type { QuestionAnswer, QuestionRequest } from "./extensionQuestions.js";

/**
 * Normalised events produced by extension dispatch. Session events include them as they
 * are; docs/events.md and docs/extensions.md document every field.
 */
export type ExtensionEventBody =
  | {
      /** One per extension message, accepted or declined: the audit record's source. */
      type: "extension";
      method: string;
      kind: "request" | "notification";
      accepted: boolean;
      /** The dialect that judged it. */
      dialect: string;
      /** Params as received, bounded (a preview when larger than a few KB). */
      params?: unknown;
      /** What acpgate answered (requests), bounded. */
      answer?: unknown;
      /** The JSON-RPC error acpgate answered instead (requests). */
      error?: { code: number; message: string; data?: unknown };
      /** Why a notification was ignored or a request declined. */
      declined?: string;
    }
  | {
      /** A vendor's subagent (Cursor `cursor/task`). */
      type: "subagent";
      source: string;
      /** The tool call that spawned it, when the agent said. */
      parentToolCallId?: string;
      agentId?: string;
      description?: string;
      prompt?: string;
      model?: string;
      /** A label: the string the agent sent, or the key path of Cursor's object form. */
      subagentType?: string;
      durationMs?: number;
    }
  | {
      /** A question or plan approval: once when asked, once when answered. */
      type: "question";
      phase: "asked" | "answered";
      request: QuestionRequest;
      answer?: QuestionAnswer;
    }
  | {
      /** Same shape as the session `plan` event: vendor todo lists and plans. */
      type: "plan";
      entries: { content: string; status: string; priority?: string }[];
      source: string;
    }
  | {
      /** A `_`-prefixed notification from a vendor, surfaced rather than dropped. */
      type: "vendor_notification";
      method: string;
      /** First segment of the name without `_` (`_zed.dev/x` → `zed.dev`). */
      vendor: string;
      params?: unknown;
    };
