import type { AgentFacts } from "../agentFacts.js";

export const kilo: AgentFacts = {
  id: "kilo",
  registryIds: ["kilo-code", "kilocode"],
  name: "Kilo Code CLI",
  description: "Kilo Code's CLI in ACP mode",
  start: { npx: { package: "@kilocode/cli@^7.8.1", bin: "kilo", args: ["acp"] } },
  install: "npm install -g @kilocode/cli",
  fileAccess: "self",
  modes: {
    via: "config_option",
    kinds: { ask: "read-only" },
    note: "an opencode fork; only `ask` is known read-only (`architect` may write markdown)",
  },
  auth: { methods: [], apiKeys: ["KILOCODE_TOKEN"] },
  stateDirs: ["~/.kilocode", "~/.local/share/kilo", "~/.config/kilo"],
  quirks: [],
  verified: {
    version: "7.8.1",
    tested: false,
    how: "from the vendor's documentation, not run here",
  },
};
