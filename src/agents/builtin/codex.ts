import type { AgentFacts } from "../agentFacts.js";

export const codex: AgentFacts = {
  id: "codex",
  registryIds: ["codex-acp"],
  name: "Codex CLI",
  description: "OpenAI's Codex through codex-acp",
  repository: "https://github.com/agentclientprotocol/codex-acp",
  start: { npx: { package: "@agentclientprotocol/codex-acp@^2.6.0", bin: "codex-acp" } },
  install: "npm install -g @agentclientprotocol/codex-acp",
  fileAccess: "self",
  modes: {
    via: "config_option",
    default: "agent",
    kinds: {
      "read-only": "read-only",
      "workspace-write": "auto-edit",
      agent: "auto-edit",
      "agent-full-access": "full-access",
    },
    note:
      "`read-only` is also the only mode that asks before each patch: acpgate keeps codex in it " +
      "under workspace-write too, so the policy decides every write",
  },
  auth: { methods: ["api-key", "chat-gpt"], apiKeys: ["OPENAI_API_KEY", "CODEX_API_KEY"] },
  stateDirs: ["~/.codex", "/tmp/codex-daemon-<uid>"],
  quirks: [
    {
      id: "reject-ends-turn",
      note: "a rejected permission (option `cancel`) ends the turn `cancelled` (acpgate exits 5)",
    },
    {
      id: "own-sandbox",
      note: "runs shell tools in its own (bundled) bubblewrap sandbox, which nests inside acpgate's; in read-only mode a shell write fails without asking; with CODEX_HOME under /tmp every shell command fails (`execvp codex-linux-sandbox`)",
    },
    {
      id: "base-url-in-config",
      note: "reads its base URL and model from CODEX_CONFIG (JSON), not from OPENAI_BASE_URL",
    },
    {
      id: "auth-before-session",
      note: "session/new needs authenticate first: `auth: {method: api-key}`, or DEFAULT_AUTH_REQUEST in its env",
    },
    {
      id: "no-exit-on-eof",
      note: "after a turn it does not exit when its stdin closes (acpgate signals it)",
    },
  ],
  versions: [
    {
      adapter: "@zed-industries/codex-acp 0.16",
      note: "its reject option id is `abort`",
      modes: {
        via: "config_option",
        default: "auto",
        kinds: { "read-only": "read-only", auto: "auto-edit", "full-access": "full-access" },
      },
    },
  ],
  verified: { version: "2.6.0", tested: true, how: "the suite runs it against the mock LLM" },
};
