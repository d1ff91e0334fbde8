import type { AgentFacts } from "../agentFacts.js";

export const qwen: AgentFacts = {
  id: "qwen",
  registryIds: ["qwen-code"],
  name: "Qwen Code",
  description: "Alibaba's Qwen Code CLI in ACP mode",
  repository: "https://github.com/QwenLM/qwen-code",
  start: { npx: { package: "@qwen-code/qwen-code@^0.24.4", args: ["--acp"] } },
  install: "npm install -g @qwen-code/qwen-code",
  fileAccess: "self",
  modes: {
    via: "modes",
    default: "default",
    kinds: {
      plan: "read-only",
      default: "ask",
      "auto-edit": "auto-edit",
      auto: "full-access",
      yolo: "full-access",
    },
  },
  auth: { methods: ["openai", "qwen-oauth"], apiKeys: ["OPENAI_API_KEY", "DASHSCOPE_API_KEY"] },
  stateDirs: ["~/.qwen"],
  quirks: [],
  verified: { version: "0.24.4", tested: false, how: "from the package, not run here" },
};
