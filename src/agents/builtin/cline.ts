import type { AgentFacts } from "../agentFacts.js";

export const cline: AgentFacts = {
  id: "cline",
  name: "Cline CLI",
  description: "Cline's CLI in ACP mode",
  repository: "https://github.com/cline/cline",
  start: { npx: { package: "cline@^3.0.65", bin: "cline", args: ["--acp"] } },
  install: "npm install -g cline",
  fileAccess: "self",
  modes: { via: "modes", default: "act", kinds: { plan: "read-only", act: "ask" } },
  auth: { methods: [], apiKeys: ["ANTHROPIC_API_KEY", "OPENAI_API_KEY"] },
  stateDirs: ["~/.cline"],
  quirks: [],
  verified: {
    version: "3.0.65",
    tested: false,
    how: "from the vendor's documentation, not run here",
  },
};
