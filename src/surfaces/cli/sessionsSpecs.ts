import { CONFIG_FLAG } from "./commandSpec.js";
import { defineCommand } from "./defineCommand.js";
import { SERVER_FLAG } from "./serverClient.js";

export const SESSIONS_LIST_FLAGS = {
  limit: { type: "string", arg: "N", help: "only the newest N sessions" },
  json: { type: "boolean", help: "one JSON line per session (schema acpgate.session.v1)" },
  config: CONFIG_FLAG,
  server: SERVER_FLAG,
} as const;

export const SESSIONS_LIST = defineCommand({
  name: "sessions list",
  summary: "recorded sessions, newest first",
  description: `Lists recorded sessions, newest first: id, name, agent, state, turns, stop reason, policy,
mode, creation time. Reads the audit store and starts no agent; with --server URL (or
ACPGATE_SERVER, and ACPGATE_TOKEN) lists the sessions of that running server instead.`,
  flags: SESSIONS_LIST_FLAGS,
  load: async () => (await import("./sessionsListCommand.js")).sessionsListCommand,
});

export const SESSIONS_SHOW_FLAGS = {
  json: {
    type: "boolean",
    help: "one JSON line (schema acpgate.session.v1) with 'continues': the run --resume continues",
  },
  config: CONFIG_FLAG,
  server: SERVER_FLAG,
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

export const SESSIONS_CANCEL_FLAGS = { server: SERVER_FLAG } as const;

export const SESSIONS_CANCEL = defineCommand({
  name: "sessions cancel",
  args: "ID",
  summary: "cancel a session's turn on a running server",
  description: `Cancels the running turn of session ID on the server (--server URL or ACPGATE_SERVER, with
ACPGATE_TOKEN of an operator): its pending permission requests are answered cancelled.`,
  flags: SESSIONS_CANCEL_FLAGS,
  load: async () => (await import("./sessionsRemoteCommands.js")).sessionsCancelCommand,
});

export const SESSIONS_APPROVE_FLAGS = {
  reason: { type: "string", arg: "TEXT", help: "why (required: recorded with your token's name)" },
  reject: { type: "boolean", help: "reject instead of allowing" },
  server: SERVER_FLAG,
} as const;

export const SESSIONS_APPROVE = defineCommand({
  name: "sessions approve",
  args: "ID",
  summary: "decide a pending permission request on a running server",
  description: `Allows (or with --reject refuses) a permission request waiting for a person on the server
(--server URL or ACPGATE_SERVER, with ACPGATE_TOKEN of an approver). ID is the request's id
(preq_…), or its session's id when that session has exactly one pending.`,
  flags: SESSIONS_APPROVE_FLAGS,
  load: async () => (await import("./sessionsRemoteCommands.js")).sessionsApproveCommand,
});
