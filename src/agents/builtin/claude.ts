import type { AgentFacts } from "../agentFacts.js";

export const claude: AgentFacts = {
  id: "claude",
  registryIds: ["claude-acp", "claude-code-acp", "claude-agent-acp"],
  name: "Claude Code",
  description: "Anthropic's Claude Code through claude-agent-acp",
  repository: "https://github.com/agentclientprotocol/claude-agent-acp",
  start: {
    npx: { package: "@agentclientprotocol/claude-agent-acp@^0.101.0", bin: "claude-agent-acp" },
  },
  install: "npm install -g @agentclientprotocol/claude-agent-acp (needs Node.js 22)",
  node: ">=22",
  fileAccess: "self",
  modes: {
    via: "config_option",
    default: "auto",
    kinds: {
      plan: "read-only",
      default: "ask",
      acceptEdits: "auto-edit",
      auto: "full-access",
      bypassPermissions: "full-access",
    },
    note:
      "starts in `auto` (Claude decides permissions; it wrote and ran shell writes without asking) " +
      "when the model supports it, else `default`; `plan` still asks before a write, so read-only " +
      "holds because acpgate refuses it",
  },
  auth: {
    methods: ["gateway", "gateway-bedrock", "claude-ai-login", "console-login"],
    apiKeys: ["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN"],
  },
  env: {
    DISABLE_AUTOUPDATER: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_ERROR_REPORTING: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  },
  stateDirs: ["~/.claude", "~/.claude.json", "/tmp/claude-<uid>"],
  quirks: [
    {
      id: "gateway-auth-advertised",
      note: "offers the `gateway` auth method only to clients advertising auth._meta.gateway",
    },
    { id: "writes-itself", note: "reads and writes files itself, never through fs/*" },
    {
      id: "reject-fails-tool",
      note: "a rejected permission fails the tool call; the turn goes on and ends end_turn",
    },
  ],
  versions: [
    {
      adapter: "@zed-industries/claude-agent-acp 0.23",
      modes: {
        via: "config_option",
        default: "default",
        kinds: { plan: "read-only", default: "ask", acceptEdits: "auto-edit" },
      },
    },
  ],
  verified: { version: "0.101.0", tested: true, how: "the suite runs it against the mock LLM" },
};
