import type { AgentFacts } from "../agentFacts.js";

export const junie: AgentFacts = {
  id: "junie",
  name: "Junie",
  description: "JetBrains' coding agent CLI in ACP mode",
  start: { binary: { cmd: "junie", args: ["--acp"] } },
  install: "install the Junie CLI from JetBrains",
  fileAccess: "self",
  modes: {
    via: "none",
    kinds: {},
    note: "modes not recorded: read-only needs enforcement permission-only",
  },
  auth: { methods: [], apiKeys: ["JUNIE_API_KEY"] },
  stateDirs: ["~/.junie"],
  quirks: [],
  verified: { version: "unknown", tested: false, how: "from the ACP registry, not run here" },
};
