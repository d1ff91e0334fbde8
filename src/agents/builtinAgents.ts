import { fileURLToPath } from "node:url";
import type { AgentEntry } from "../config/agentSchema.js";

/** Path of the bundled demo agent's entry point, next to this module in the build. */
export const DEMO_AGENT_PATH = fileURLToPath(new URL("./demo/main.js", import.meta.url));

/**
 * Agents available without any configuration. `demo` is a small deterministic ACP agent
 * shipped in the package: no model, reads and writes through the client, asks permission.
 */
export function builtinAgents(): Record<string, AgentEntry> {
  return {
    demo: {
      description: "bundled deterministic demo agent (no model)",
      command: process.execPath,
      args: [DEMO_AGENT_PATH],
      env: {},
      passEnv: [],
      secrets: [],
      dialect: "canonical",
      require: [],
      modes: { ask: "read-only", code: "workspace-write" },
      fileAccess: "client",
    },
  };
}
