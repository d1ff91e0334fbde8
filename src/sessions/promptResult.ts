import type { PromptResponse } from "@agentclientprotocol/sdk";

/** How a turn ended: the stop reason, and the agent's whole answer. */
export interface PromptResult {
  stopReason: string;
  /** The agent's whole answer (usage, `_meta` …), as validated by the SDK. */
  response: PromptResponse;
}
