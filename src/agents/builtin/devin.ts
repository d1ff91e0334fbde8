import type { AgentFacts } from "../agentFacts.js";

export const devin: AgentFacts = {
  id: "devin",
  name: "Devin CLI",
  description: "Cognition's Devin in ACP mode",
  start: { binary: { cmd: "devin", args: ["acp"] } },
  install: "install the Devin CLI from Cognition",
  fileAccess: "self",
  modes: {
    via: "none",
    kinds: {},
    note: "modes not recorded: read-only needs enforcement permission-only",
  },
  auth: { methods: [], apiKeys: ["DEVIN_API_KEY"] },
  stateDirs: ["~/.devin"],
  quirks: [],
  verified: { version: "unknown", tested: false, how: "from the ACP registry, not run here" },
};
