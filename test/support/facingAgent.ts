import { join } from "node:path";
import { FIXTURES } from "./cli.js";

/** The editor-facing scripted agent (fixtures/editorFacingAgent.ts). */
export const FACING_AGENT = join(FIXTURES, "editorFacingAgent.js");

/** `agents:` with that agent as `facing`, for an acpgate.yaml; it logs to `log` when given. */
export function facingAgentLines(log?: string): string[] {
  return [
    "agents:",
    "  facing:",
    `    command: ${JSON.stringify(process.execPath)}`,
    `    args: [${JSON.stringify(FACING_AGENT)}]`,
    ...(log ? [`    env: { EDITOR_AGENT_LOG: ${JSON.stringify(log)} }`] : []),
  ];
}
