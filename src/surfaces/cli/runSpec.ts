import { CONFIG_FLAG } from "./commandSpec.js";
import { defineCommand } from "./defineCommand.js";
import { startSandboxProbeEarly } from "./earlySandboxProbe.js";

export const RUN_FLAGS = {
  agent: {
    type: "string",
    arg: "ID",
    help: "agent from the catalogue (default: config defaultAgent, else demo)",
  },
  cwd: { type: "string", arg: "DIR", help: "the session's working directory (default: .)" },
  policy: { type: "string", arg: "NAME", help: "policy to run under (default: read-only)" },
  env: {
    type: "string",
    arg: "NAME",
    help: "environment from the config (MCP servers, secrets, policy)",
  },
  format: {
    type: "string",
    arg: "FMT",
    help: "text (default) | json (one event per line) | quiet (final answer only)",
  },
  json: { type: "boolean", help: "same as --format json (schema acpgate.event.v1)" },
  timeout: {
    type: "string",
    arg: "DUR",
    help: "give up after DUR (e.g. 90s, 10m), start-up included: cancel the turn, then kill\nthe agent (default: none)",
  },
  name: {
    type: "string",
    arg: "NAME",
    help: "name this run (unique per store): --resume and 'sessions show' take it",
  },
  resume: {
    type: "string",
    arg: "SESSION",
    help: "continue a recorded session (its id or --name): same agent session, cwd, policy\nand mode, via session/resume or session/load; refused (exit 4) when that cannot be done",
  },
  config: CONFIG_FLAG,
  "log-format": {
    type: "string",
    arg: "FMT",
    help: "text (default: warnings only) | json (pino lines on stderr)",
  },
} as const;

export const RUN = defineCommand({
  name: "run",
  args: "[PROMPT | -]",
  summary: "one unattended session for CI",
  description: `Runs one unattended session: starts the agent, sends PROMPT (or stdin with '-'),
streams the answer, and exits with a code that says how it ended.`,
  flags: RUN_FLAGS,
  footer: `Exit codes:
  0 end_turn · 1 runtime error (agent crashed, failed to start, protocol error)
  2 usage or config error · 3 timeout · 4 refused to start (missing capability,
  MCP server or secret; a --resume that cannot be done as recorded)
  5 a permission was refused by policy and nothing approved
  6 max_tokens, max_turn_requests or refusal · 130 interrupted (SIGINT, SIGTERM,
  SIGHUP) or the agent cancelled the turn. Every non-zero exit prints why on stderr.`,
  warmUp: () => startSandboxProbeEarly(),
  load: async () => (await import("./runCommand.js")).runCommand,
  argumentsFailed: async (argv, error) =>
    (await import("./runCommand.js")).runArgumentsFailed(argv, error),
});
