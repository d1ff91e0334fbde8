import type { AgentContext, ClientCapabilities } from "@agentclientprotocol/sdk";
import type { ClientTerminals } from "../../governance/clientTerminals.js";

/**
 * The editor runs the terminals policy allowed, when it advertised `terminal` (the person
 * sees them in the editor); otherwise acpgate runs them. Each call goes as the agent sent it
 * (its session id, the id the editor minted), the create with the cwd policy judged.
 */
export function editorTerminals(
  editor: AgentContext,
  capabilities: ClientCapabilities | undefined,
): ClientTerminals | undefined {
  if (capabilities?.terminal !== true) return undefined;
  return {
    create: (params) => editor.request("terminal/create", params),
    output: (params) => editor.request("terminal/output", params),
    waitForExit: (params, signal) =>
      editor.request("terminal/wait_for_exit", params, { cancellationSignal: signal }),
    kill: (params) => editor.request("terminal/kill", params),
    release: (params) => editor.request("terminal/release", params),
  };
}
