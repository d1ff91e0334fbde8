import type { AgentFacts } from "../agentFacts.js";

export const auggie: AgentFacts = {
  id: "auggie",
  name: "Auggie CLI",
  description: "Augment Code's agent with its context engine",
  repository: "https://github.com/augmentcode/auggie",
  start: {
    npx: {
      package: "@augmentcode/auggie@^0.36.0",
      bin: "auggie",
      args: ["--acp"],
      env: { AUGMENT_DISABLE_AUTO_UPDATE: "1" },
    },
  },
  install: "npm install -g @augmentcode/auggie",
  fileAccess: "self",
  modes: {
    via: "none",
    kinds: {},
    note: "offers no modes: read-only needs enforcement permission-only",
  },
  auth: { methods: ["augment-login"], apiKeys: ["AUGMENT_SESSION_AUTH"] },
  stateDirs: ["~/.augment"],
  quirks: [],
  verified: { version: "0.36.0", tested: false, how: "from the ACP registry, not run here" },
};
