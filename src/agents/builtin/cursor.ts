import type { AgentFacts } from "../agentFacts.js";

export const cursor: AgentFacts = {
  id: "cursor",
  registryIds: ["cursor-agent"],
  name: "Cursor CLI",
  description: "Cursor's agent CLI in ACP mode, with cursor/* vendor methods",
  start: { binary: { cmd: "cursor-agent", args: ["acp"] } },
  install: "install the Cursor CLI (curl https://cursor.com/install -fsS | bash)",
  dialect: "cursor",
  fileAccess: "self",
  modes: {
    via: "modes",
    default: "agent",
    kinds: { ask: "read-only", plan: "read-only", agent: "ask" },
  },
  auth: { methods: ["cursor_login"], apiKeys: ["CURSOR_API_KEY"] },
  stateDirs: ["~/.cursor", "~/.config/cursor"],
  quirks: [
    {
      id: "unprefixed-extensions",
      note: "sends cursor/task, cursor/ask_question, … with no `_` prefix (the cursor dialect)",
    },
  ],
  verified: {
    version: "2026.x",
    tested: false,
    how: "recorded wire (test/fixtures/cursor), not run here",
  },
};
