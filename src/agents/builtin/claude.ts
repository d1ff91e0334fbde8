import type { AgentFacts } from "../agentFacts.js";

export const claude: AgentFacts = {
  id: "claude",
  registryIds: ["claude-acp", "claude-code-acp", "claude-agent-acp"],
  name: "Claude Code",
  description: "Anthropic's Claude Code through claude-agent-acp",
  repository: "https://github.com/agentclientprotocol/claude-agent-acp",
  start: { npx: { package: "@agentclientprotocol/claude-agent-acp@^0.101.0" } },
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
    note: "starts in `auto` (Claude decides permissions) when the model supports it, else `default`",
  },
  auth: { methods: ["gateway"], apiKeys: ["ANTHROPIC_API_KEY"] },
  env: {
    DISABLE_AUTOUPDATER: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_ERROR_REPORTING: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  },
  stateDirs: ["~/.claude", "~/.claude.json"],
  quirks: [
    {
      id: "gateway-auth-advertised",
      note: "offers the `gateway` auth method only to clients advertising auth._meta.gateway",
    },
    { id: "writes-itself", note: "writes files itself after the permission, not via fs/*" },
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
  verified: { version: "0.101.0", tested: false, how: "pending: not yet run by the suite" },
};
