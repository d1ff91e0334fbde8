import type { AgentFacts } from "../agentFacts.js";

export const pi: AgentFacts = {
  id: "pi",
  registryIds: ["pi-acp"],
  name: "pi",
  description: "the pi coding agent through pi-acp",
  start: { npx: { package: "pi-acp@^0.0.34", bin: "pi-acp" } },
  install: "npm install -g pi-acp @mariozechner/pi-coding-agent",
  fileAccess: "self",
  modes: {
    via: "none",
    kinds: {},
    note: "offers no modes; its legacy `modes` (off, low, …) are thinking levels, not permissions",
  },
  auth: { methods: [], apiKeys: ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY"] },
  stateDirs: ["~/.pi"],
  quirks: [{ id: "modes-are-thinking-levels", note: "never map its modes to a posture" }],
  verified: { version: "0.0.34", tested: false, how: "from the package, not run here" },
};
