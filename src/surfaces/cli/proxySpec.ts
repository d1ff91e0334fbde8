import { CONFIG_FLAG } from "./commandSpec.js";
import { defineCommand } from "./defineCommand.js";

export const PROXY_FLAGS = {
  agent: { type: "string", arg: "ID", help: "agent from the catalogue (required)" },
  policy: {
    type: "string",
    arg: "NAME",
    help: "policy every session runs under (default: read-only)",
  },
  env: {
    type: "string",
    arg: "NAME",
    help: "environment from the config (MCP servers, secrets, policy)",
  },
  config: CONFIG_FLAG,
} as const;

export const PROXY = defineCommand({
  name: "proxy",
  summary: "an ACP agent on stdio for editors (Zed, JetBrains, Neovim)",
  description: `Speaks the agent role of ACP on stdin/stdout and forwards to the real agent under
policy: every editor session is governed and audited (surface proxy, the OS user as
actor); 'ask' goes to the person in the editor. stdout carries only ACP; logs go to
stderr. See docs/proxy.md for editor configuration.`,
  flags: PROXY_FLAGS,
  load: async () => (await import("./proxyCommand.js")).proxyCommand,
});
