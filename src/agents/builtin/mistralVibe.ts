import type { AgentFacts } from "../agentFacts.js";

export const mistralVibe: AgentFacts = {
  id: "mistral-vibe",
  name: "Mistral Vibe",
  description: "Mistral's open source coding assistant (vibe-acp)",
  repository: "https://github.com/mistralai/mistral-vibe",
  start: { binary: { cmd: "vibe-acp" } },
  install: "install Mistral Vibe (uv tool install mistral-vibe) for its vibe-acp binary",
  fileAccess: "self",
  modes: {
    via: "modes",
    default: "default",
    kinds: {
      plan: "read-only",
      default: "ask",
      "accept-edits": "auto-edit",
      "auto-approve": "full-access",
    },
  },
  auth: { methods: [], apiKeys: ["MISTRAL_API_KEY"] },
  stateDirs: ["~/.vibe"],
  quirks: [],
  verified: { version: "2.0.2", tested: false, how: "from the ACP registry, not run here" },
};
