import type { AgentContext, ClientCapabilities } from "@agentclientprotocol/sdk";
import type { ClientFiles } from "../../governance/guardedWorkspace.js";

/**
 * The editor serves the fs/* calls policy allowed, each as far as it advertised `fs` (it has
 * the unsaved buffers); what it does not offer acpgate serves from the disk. The call goes
 * with the agent's session id (the one on the wire) and the path policy judged.
 */
export function editorFiles(
  editor: AgentContext,
  capabilities: ClientCapabilities | undefined,
): ClientFiles {
  const fs = capabilities?.fs;
  return {
    ...(fs?.readTextFile
      ? {
          read: async (params) => (await editor.request("fs/read_text_file", params)).content,
        }
      : {}),
    ...(fs?.writeTextFile
      ? {
          write: async (params) => {
            await editor.request("fs/write_text_file", params);
          },
        }
      : {}),
  };
}
