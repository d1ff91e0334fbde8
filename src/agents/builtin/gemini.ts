import type { AgentFacts } from "../agentFacts.js";

export const gemini: AgentFacts = {
  id: "gemini",
  name: "Gemini CLI",
  description: "Google's Gemini CLI in ACP mode",
  repository: "https://github.com/google-gemini/gemini-cli",
  start: { npx: { package: "@google/gemini-cli@^0.61.0", bin: "gemini", args: ["--acp"] } },
  install: "npm install -g @google/gemini-cli",
  fileAccess: "self",
  modes: {
    via: "modes",
    default: "default",
    kinds: { plan: "read-only", default: "ask", autoEdit: "auto-edit", yolo: "full-access" },
  },
  auth: {
    methods: ["oauth-personal", "gemini-api-key", "vertex-ai", "gateway"],
    apiKeys: ["GEMINI_API_KEY", "GOOGLE_API_KEY"],
  },
  env: { GEMINI_CLI_NO_RELAUNCH: "true" },
  stateDirs: ["~/.gemini"],
  quirks: [
    {
      id: "cannot-create-through-client",
      note: "0.61 fails to create a new file through fs/write_text_file (it mistakes the absent file for an error)",
    },
    { id: "unannounced-permission", note: "asks permission for tool calls it never announced" },
  ],
  verified: { version: "0.61.0", tested: true, how: "the suite runs it against the mock LLM" },
};
