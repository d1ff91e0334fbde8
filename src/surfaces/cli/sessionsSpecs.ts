import { CONFIG_FLAG } from "./commandSpec.js";
import { defineCommand } from "./defineCommand.js";

export const SESSIONS_LIST_FLAGS = {
  limit: { type: "string", arg: "N", help: "only the newest N sessions" },
  json: { type: "boolean", help: "one JSON line per session (schema acpgate.session.v1)" },
  config: CONFIG_FLAG,
} as const;

export const SESSIONS_LIST = defineCommand({
  name: "sessions list",
  summary: "recorded sessions, newest first",
  description: `Lists recorded sessions, newest first: id, name, agent, state, turns, stop reason, policy,
mode, creation time. Reads the audit store; starts no agent.`,
  flags: SESSIONS_LIST_FLAGS,
  load: async () => (await import("./sessionsListCommand.js")).sessionsListCommand,
});

export const SESSIONS_SHOW_FLAGS = {
  json: {
    type: "boolean",
    help: "one JSON line (schema acpgate.session.v1) with 'continues': the run --resume continues",
  },
  config: CONFIG_FLAG,
} as const;

export const SESSIONS_SHOW = defineCommand({
  name: "sessions show",
  args: "ID|NAME",
  summary: "one session: every recorded field, and what --resume continues",
  description: `Prints one recorded session (by its full id or the --name its run was given): every recorded
field, and which run 'acpgate run --resume' would continue. Exit 1 when there is none.`,
  flags: SESSIONS_SHOW_FLAGS,
  load: async () => (await import("./sessionsShowCommand.js")).sessionsShowCommand,
});
