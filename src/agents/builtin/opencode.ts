import type { AgentFacts } from "../agentFacts.js";

export const opencode: AgentFacts = {
  id: "opencode",
  name: "OpenCode",
  description: "the open source coding agent (opencode acp)",
  repository: "https://github.com/sst/opencode",
  start: { binary: { cmd: "opencode", args: ["acp"] } },
  install: "npm install -g opencode-ai",
  fileAccess: "self",
  modes: {
    via: "config_option",
    default: "build",
    kinds: { plan: "read-only", build: "ask" },
    note: "no legacy modes: a session config option `mode` with build and plan",
  },
  auth: { methods: ["opencode-login"], apiKeys: ["OPENAI_API_KEY", "ANTHROPIC_API_KEY"] },
  stateDirs: ["~/.local/share/opencode", "~/.config/opencode", "~/.cache/opencode"],
  quirks: [],
  verified: { version: "1.18.33", tested: false, how: "pending: not yet run by the suite" },
};
