import type { AgentFacts } from "../agentFacts.js";

export const codex: AgentFacts = {
  id: "codex",
  registryIds: ["codex-acp"],
  name: "Codex CLI",
  description: "OpenAI's Codex through codex-acp",
  repository: "https://github.com/agentclientprotocol/codex-acp",
  start: { npx: { package: "@agentclientprotocol/codex-acp@^2.6.0" } },
  install: "npm install -g @agentclientprotocol/codex-acp",
  fileAccess: "self",
  modes: {
    via: "modes",
    default: "workspace-write",
    kinds: {
      "read-only": "read-only",
      "workspace-write": "auto-edit",
      agent: "auto-edit",
      "agent-full-access": "full-access",
    },
  },
  auth: {
    methods: ["chatgpt", "codex-api-key", "openai-api-key"],
    apiKeys: ["OPENAI_API_KEY", "CODEX_API_KEY"],
  },
  stateDirs: ["~/.codex"],
  quirks: [
    {
      id: "reject-ends-turn",
      note: "a rejected permission (option `abort`) ends the turn `cancelled`",
    },
    {
      id: "own-sandbox",
      note: "runs shell tools under its own bubblewrap sandbox; needs `codex-linux-sandbox` on PATH",
    },
    { id: "no-exit-on-eof", note: "does not exit when its stdin closes (acpgate signals it)" },
  ],
  versions: [
    {
      adapter: "@zed-industries/codex-acp 0.16",
      modes: {
        via: "config_option",
        default: "auto",
        kinds: { "read-only": "read-only", auto: "auto-edit", "full-access": "full-access" },
      },
    },
  ],
  verified: { version: "2.6.0", tested: false, how: "pending: not yet run by the suite" },
};
