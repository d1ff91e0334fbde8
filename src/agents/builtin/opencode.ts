import type { AgentFacts } from "../agentFacts.js";

export const opencode: AgentFacts = {
  id: "opencode",
  name: "OpenCode",
  description: "the open source coding agent (opencode acp)",
  repository: "https://github.com/sst/opencode",
  start: { npx: { package: "opencode-ai@^1.18.33", bin: "opencode", args: ["acp"] } },
  install: "npm install -g opencode-ai",
  fileAccess: "self",
  modes: {
    via: "config_option",
    default: "build",
    kinds: { plan: "read-only", build: "ask" },
    note:
      "a session config option `mode` (build, plan), no legacy modes; by itself build allows " +
      "everything and plan still runs bash: the built-in env's OPENCODE_PERMISSION makes both ask",
  },
  auth: { methods: ["opencode-login"], apiKeys: ["OPENAI_API_KEY", "ANTHROPIC_API_KEY"] },
  env: {
    OPENCODE_PERMISSION: JSON.stringify({ edit: "ask", bash: "ask", webfetch: "ask" }),
    OPENCODE_DISABLE_MODELS_FETCH: "1",
    OPENCODE_DISABLE_AUTOUPDATE: "1",
  },
  stateDirs: [
    "~/.config/opencode",
    "~/.local/share/opencode",
    "~/.local/state/opencode",
    "~/.cache/opencode",
  ],
  quirks: [
    {
      id: "provider-in-config",
      note: "its model provider and base URL come from OPENCODE_CONFIG_CONTENT (JSON) or its config file",
    },
    {
      id: "writes-twice",
      note: "writes the file itself and also sends fs/write_text_file, advertised or not",
    },
    {
      id: "reject-ends-turn",
      note: "a rejected permission ends the turn end_turn, with no answer",
    },
    {
      id: "plugin-install",
      note: "installs @opencode-ai/plugin with npm into ~/.config/opencode unless it is already there",
    },
  ],
  verified: { version: "1.18.33", tested: true, how: "the suite runs it against the mock LLM" },
};
