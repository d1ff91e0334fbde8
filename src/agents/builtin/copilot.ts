import type { AgentFacts } from "../agentFacts.js";

const MODE = "https://agentclientprotocol.com/protocol/session-modes#";

export const copilot: AgentFacts = {
  id: "copilot",
  registryIds: ["github-copilot", "github-copilot-cli"],
  name: "GitHub Copilot CLI",
  description: "GitHub Copilot's CLI in ACP mode",
  start: { npx: { package: "@github/copilot@^1.0.102", bin: "copilot", args: ["--acp"] } },
  install: "npm install -g @github/copilot",
  fileAccess: "self",
  modes: {
    via: "modes",
    default: `${MODE}agent`,
    kinds: {
      [`${MODE}plan`]: "read-only",
      [`${MODE}agent`]: "ask",
      [`${MODE}autopilot`]: "full-access",
    },
    note: "mode ids are URLs",
  },
  auth: { methods: ["github"], apiKeys: ["GH_TOKEN", "GITHUB_TOKEN", "COPILOT_GITHUB_TOKEN"] },
  stateDirs: ["~/.copilot"],
  quirks: [],
  verified: {
    version: "1.0.102",
    tested: false,
    how: "from the vendor's documentation, not run here",
  },
};
