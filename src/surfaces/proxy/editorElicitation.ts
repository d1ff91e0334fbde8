import type { AgentContext, ClientCapabilities } from "@agentclientprotocol/sdk";
import type { PassThrough } from "../../protocol/passThroughRouter.js";

/**
 * `elicitation/create` (form and URL modes, session- or request-scoped) and
 * `elicitation/complete` go to the editor as the agent sent them, when the editor advertised
 * `elicitation`; otherwise nothing passes and the dialect answers (-32601).
 */
export function editorElicitation(
  editor: AgentContext,
  capabilities: ClientCapabilities | undefined,
): PassThrough | undefined {
  const offered = (capabilities as { elicitation?: unknown } | undefined)?.elicitation;
  if (offered === undefined || offered === null || offered === false) return undefined;
  return {
    requests: ["elicitation/create"],
    notifications: ["elicitation/complete"],
    request: (method, params, signal) =>
      editor.request(method, params, { cancellationSignal: signal }),
    notify: (method, params) => void editor.notify(method, params).catch(() => undefined),
  };
}
