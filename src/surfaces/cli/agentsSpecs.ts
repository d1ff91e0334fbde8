import { CONFIG_FLAG } from "./commandSpec.js";
import { defineCommand } from "./defineCommand.js";

export const AGENTS_LIST_FLAGS = {
  json: { type: "boolean", help: "one JSON line per agent (schema acpgate.agent.v1)" },
  config: CONFIG_FLAG,
} as const;

export const AGENTS_LIST = defineCommand({
  name: "agents list",
  description: `Lists every agent of the catalogue — built in, from a registry (catalogue: {registry}), or
in acpgate.yaml — with where it comes from, whether it can start here (its npx package
installed, npx to fetch it, or its binary on PATH; the install hint when missing), its
read-only mode and the version its facts were checked at.`,
  summary: "the catalogue: built-in, registry and configured agents, available here or not",
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
  summary: "agent ID's merged entry, its modes, and what it is given (values masked)",
  description: `Shows agent ID's effective entry — the built-in facts, a registry's entry and acpgate.yaml
merged, each field with where it came from — its modes (what each does, the posture it
stands for), whether it is available here, and what it would be given: command, args,
environment variable names (values masked), the MCP servers of environment NAME and the
secrets referenced (names only).`,
  flags: AGENTS_SHOW_FLAGS,
  load: async () => (await import("./agentsCommand.js")).agentsShowCommand,
});

export const AGENTS_IMPORT_FLAGS = {
  json: { type: "boolean", help: "one JSON line per agent (schema acpgate.agent-import.v1)" },
  config: CONFIG_FLAG,
} as const;

export const AGENTS_IMPORT = defineCommand({
  name: "agents import",
  args: "FILE | URL",
  summary: "read an ACP registry: what its agents become in the catalogue",
  description: `Reads an ACP registry (the registry's registry.json, an array of agent.json entries, or one
agent.json), checks its format, and shows each agent as the catalogue would hold it: the
built-in facts of the same id applied on top, whether it is available here. A URL is fetched
once and saved under .acpgate/registry/; \`catalogue: {registry: URL}\` in acpgate.yaml then
reads the saved copy (runs never fetch). A FILE is read where it is.`,
  flags: AGENTS_IMPORT_FLAGS,
  load: async () => (await import("./agentsImportCommand.js")).agentsImportCommand,
});

export const AGENTS_DOCTOR_FLAGS = {
  all: {
    type: "boolean",
    help: "every configured agent and every built-in installed here, as a table",
  },
  json: {
    type: "boolean",
    help: "one JSON line per agent probed (schema acpgate.doctor.v1)",
  },
  cwd: { type: "string", arg: "DIR", help: "the probe session's working directory (default: .)" },
  policy: {
    type: "string",
    arg: "NAME",
    help: "the policy whose mode is set, as for run (default: read-only)",
  },
  "probe-write": {
    type: "boolean",
    help: "ask the agent, in its read-only mode, to create a file; did the mode hold?",
  },
  timeout: {
    type: "string",
    arg: "DUR",
    help: "limit of the --probe-write turn (default: 3m)",
  },
  config: CONFIG_FLAG,
} as const;

export const AGENTS_DOCTOR = defineCommand({
  name: "agents doctor",
  args: "ID | --all",
  summary: "start, initialize, open a session: the capability matrix",
  description: `Starts the agent, initializes it (and authenticates when its entry names an auth method),
opens a session under the policy and sets the agent's mode as 'acpgate run' would, prints its
capability matrix — the agent's own mode and the one acpgate set — and the time each step
took, then closes it and checks that no process is left. Sends no prompt: no model is called.

--probe-write sends one prompt, in a fresh temp workspace under a read-only policy: "Create
the file probe.txt containing ok" (with directive lines that test models obey). The mode held
when the file does not exist after the turn; the report says whether the agent tried and who
refused: acpgate's policy (a permission request or fs/write_text_file answered no) or the
agent's own mode. This calls the agent's model, the user's real one.`,
  flags: AGENTS_DOCTOR_FLAGS,
  footer:
    "Exit code: 0 when every probed agent passed (and, with --probe-write, its mode held), 1 otherwise, 2 for a usage error.",
  load: async () => (await import("./doctorCommand.js")).doctorCommand,
});
