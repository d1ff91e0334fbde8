import { CONFIG_FLAG } from "./commandSpec.js";
import { defineCommand } from "./defineCommand.js";

export const AGENTS_LIST_FLAGS = {
  json: { type: "boolean", help: "one JSON line per agent (schema acpgate.agent.v1)" },
  config: CONFIG_FLAG,
} as const;

export const AGENTS_LIST = defineCommand({
  name: "agents list",
  summary: "the catalogue: the built-in demo agent and those in acpgate.yaml",
  flags: AGENTS_LIST_FLAGS,
  load: async () => (await import("./agentsCommand.js")).agentsListCommand,
});

export const AGENTS_SHOW_FLAGS = {
  env: { type: "string", arg: "NAME", help: "the environment whose MCP servers and secrets apply" },
  json: { type: "boolean", help: "the view as one JSON line (schema acpgate.agent-inputs.v1)" },
  config: CONFIG_FLAG,
} as const;

export const AGENTS_SHOW = defineCommand({
  name: "agents show",
  args: "ID",
  summary: "what agent ID is given: command, env names (masked), MCP servers, secrets",
  description: `Shows what agent ID would be given: command, args, environment variable names (values
masked), the MCP servers of environment NAME and the secrets referenced (names only).`,
  flags: AGENTS_SHOW_FLAGS,
  load: async () => (await import("./agentsCommand.js")).agentsShowCommand,
});

export const AGENTS_DOCTOR_FLAGS = {
  all: { type: "boolean", help: "every agent of the catalogue, one after the other, as a table" },
  json: {
    type: "boolean",
    help: "one JSON line per agent probed (schema acpgate.doctor.v1)",
  },
  cwd: { type: "string", arg: "DIR", help: "the probe session's working directory (default: .)" },
  config: CONFIG_FLAG,
} as const;

export const AGENTS_DOCTOR = defineCommand({
  name: "agents doctor",
  args: "ID | --all",
  summary: "start, initialize, open a session: the capability matrix",
  description: `Starts the agent, initializes it (and authenticates when its entry names an auth method),
opens a session, prints its capability matrix and the time each step took, then closes it
and checks that no process is left. Sends no prompt: no model is called.`,
  flags: AGENTS_DOCTOR_FLAGS,
  footer: "Exit code: 0 when every probed agent passed, 1 otherwise, 2 for a usage error.",
  load: async () => (await import("./doctorCommand.js")).doctorCommand,
});
