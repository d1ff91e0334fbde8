import { fileURLToPath } from "node:url";
import type { AgentFacts } from "../agentFacts.js";

/** Path of the bundled demo agent's entry point, next to this module in the build. */
export const DEMO_AGENT_PATH = fileURLToPath(new URL("../demo/main.js", import.meta.url));

export const demo: AgentFacts = {
  id: "demo",
  name: "acpgate demo agent",
  description: "bundled deterministic demo agent (no model)",
  start: { binary: { cmd: process.execPath, args: [DEMO_AGENT_PATH] } },
  install: "ships with acpgate",
  fileAccess: "client",
  modes: {
    via: "modes",
    default: "ask",
    kinds: { ask: "read-only", code: "ask" },
    note: "`ask` answers without writing; `code` asks permission before each write",
  },
  auth: { methods: [], apiKeys: [] },
  stateDirs: [],
  quirks: [],
  verified: { version: "0.1.0", tested: true, how: "the suite runs it" },
};
