import type { AgentFacts } from "../agentFacts.js";

export const qwen: AgentFacts = {
  id: "qwen",
  registryIds: ["qwen-code"],
  name: "Qwen Code",
  description: "Alibaba's Qwen Code CLI in ACP mode",
  repository: "https://github.com/QwenLM/qwen-code",
  start: { npx: { package: "@qwen-code/qwen-code@^0.24.4", bin: "qwen", args: ["--acp"] } },
  install: "npm install -g @qwen-code/qwen-code",
  fileAccess: "self",
  modes: {
    via: "config_option",
    default: "auto",
    kinds: {
      plan: "read-only",
      default: "ask",
      "auto-edit": "auto-edit",
      auto: "full-access",
      yolo: "full-access",
    },
  },
  auth: { methods: ["openai"], apiKeys: ["OPENAI_API_KEY", "DASHSCOPE_API_KEY"] },
  env: { QWEN_USAGE_STATISTICS_ENABLED: "false" },
  stateDirs: ["~/.qwen", "/tmp/qwen-socks-*"],
  quirks: [
    {
      id: "auto-classifier",
      note: "starts in `auto`: a model classifier approves writes without asking",
    },
    { id: "reject-ends-turn", note: "a rejected permission ends the turn end_turn" },
    {
      id: "vendor-requests",
      note: "sends craft/drainMidTurnQueue (a request; -32601 is harmless) and qwen/notify/* notifications",
    },
  ],
  verified: {
    version: "0.24.4",
    tested: false,
    how: "probed against the mock LLM (modes, writes, auth), not in the suite",
  },
};
