import type { AgentFacts } from "../agentFacts.js";

export const droid: AgentFacts = {
  id: "droid",
  registryIds: ["factory-droid"],
  name: "Factory Droid",
  description: "Factory's Droid in ACP mode",
  start: {
    npx: {
      package: "@factory/cli@^0.225.1",
      bin: "droid",
      args: ["exec", "--output-format", "acp"],
      env: { DROID_DISABLE_AUTO_UPDATE: "true", FACTORY_DROID_AUTO_UPDATE_ENABLED: "false" },
    },
  },
  install: "npm install -g @factory/cli",
  fileAccess: "self",
  modes: { via: "none", kinds: {}, note: "autonomy levels are flags, not ACP modes" },
  auth: { methods: [], apiKeys: ["FACTORY_API_KEY"] },
  stateDirs: ["~/.factory"],
  quirks: [],
  verified: { version: "0.225.1", tested: false, how: "from the ACP registry, not run here" },
};
