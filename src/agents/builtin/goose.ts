import type { AgentFacts } from "../agentFacts.js";

export const goose: AgentFacts = {
  id: "goose",
  name: "goose",
  description: "Block's open source agent (goose acp)",
  repository: "https://github.com/block/goose",
  start: { binary: { cmd: "goose", args: ["acp"] } },
  install:
    "install the goose CLI release (https://block.github.io/goose/docs/getting-started/installation)",
  fileAccess: "self",
  modes: {
    via: "modes",
    default: "auto",
    kinds: { chat: "chat", approve: "ask", smart_approve: "auto-edit", auto: "full-access" },
    note: "starts in `auto`, which approves everything; `chat` offers no tools",
  },
  auth: { methods: [], apiKeys: ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GOOGLE_API_KEY"] },
  stateDirs: ["~/.config/goose", "~/.local/share/goose", "~/.local/state/goose"],
  quirks: [],
  verified: { version: "1.x", tested: false, how: "from the vendor's documentation, not run here" },
};
