import { TOOL_KINDS } from "../../policy/toolKinds.js";
import { CONFIG_FLAG } from "./commandSpec.js";
import { defineCommand } from "./defineCommand.js";

export const POLICY_EXPLAIN_FLAGS = {
  policy: { type: "string", arg: "NAME", help: "the policy (default: read-only)" },
  config: CONFIG_FLAG,
  cwd: { type: "string", arg: "DIR", help: "the session's working directory (default: .)" },
  agent: {
    type: "string",
    arg: "ID",
    help: "the agent asking (default: demo); its modes: map judges switch_mode",
  },
  kind: { type: "string", arg: "K", help: TOOL_KINDS.join(", ") },
  path: {
    type: "string",
    arg: "P",
    multiple: true,
    help: "a path the request touches (repeatable)",
  },
  command: { type: "string", arg: "C", help: "the command of an execute request" },
  tool: { type: "string", arg: "NAME", help: "the tool name (e.g. mcp__github__create_issue)" },
  mode: { type: "string", arg: "ID", help: "the mode a switch_mode request asks for" },
  request: {
    type: "string",
    arg: "JSON",
    help: `the request as JSON ('-' reads stdin): {kind, path, command, tool, mode},
a session/request_permission params object ({toolCall, options}), or
{method: "fs/read_text_file" | "fs/write_text_file" | "terminal/create", params}`,
  },
  json: {
    type: "boolean",
    help: "the decision and the request as one JSON line (schema acpgate.policy-explain.v1)",
  },
} as const;

export const POLICY_EXPLAIN = defineCommand({
  name: "policy explain",
  summary: "a policy's decision for a request, the rule that made it, and why",
  description: `Prints the decision a policy makes for a request (--kind … or --request JSON), the rule
that made it, and why. Paths are resolved against --cwd as a session there would resolve
them (symlinks included).`,
  flags: POLICY_EXPLAIN_FLAGS,
  load: async () => (await import("./policyCommand.js")).policyExplainCommand,
});

export const POLICY_REPLAY_FLAGS = {
  policy: {
    type: "string",
    arg: "NAME",
    help: "the policy to replay under (built-in, configured, or from --policies-file)",
  },
  "policies-file": {
    type: "string",
    arg: "FILE",
    help: `YAML/JSON policies ({name: {...}} or {policies: {name: {...}}}),
laid over the config's`,
  },
  config: {
    type: "string",
    arg: "FILE",
    help: "configuration file: its storage is read, its policies and agents used",
  },
  since: {
    type: "string",
    arg: "T",
    help: "only requests at or after T (date/time, or a duration ago: 24h, 7d)",
  },
  session: {
    type: "string",
    arg: "ID",
    help: "only this session's requests (an id, or a prefix as audit list shows it)",
  },
  json: {
    type: "boolean",
    help: "one JSON line per request, then a summary line (schema acpgate.policy-replay.v2)",
  },
} as const;

export const POLICY_REPLAY = defineCommand({
  name: "policy replay",
  summary: "recorded permission requests decided again under another policy",
  description: `Decides every recorded permission request in the audit store again under another policy and
prints what would change. Paths resolve against each session's recorded working directory.
Exits 0 whatever changes (2 on usage or configuration errors).`,
  flags: POLICY_REPLAY_FLAGS,
  load: async () => (await import("./policyReplayCommand.js")).policyReplayCommand,
});
