import { defineCommand } from "./defineCommand.js";

export const CONFIG_SCHEMA_FLAGS = {} as const;

export const CONFIG_SCHEMA = defineCommand({
  name: "config schema",
  summary: "the JSON Schema of acpgate.yaml (docs/acpgate.schema.json)",
  description: `Prints the JSON Schema (draft-07) of acpgate.yaml, generated from the schema acpgate
validates with. Editors with a YAML language server complete and check a file that starts
with '# yaml-language-server: $schema=PATH-OR-URL' (docs/cli.md).`,
  flags: CONFIG_SCHEMA_FLAGS,
  load: async () => (await import("./configCommand.js")).configSchemaCommand,
});

export const CONFIG_CHECK_FLAGS = {
  json: { type: "boolean", help: "the result as one JSON line (schema acpgate.config-check.v1)" },
} as const;

export const CONFIG_CHECK = defineCommand({
  name: "config check",
  args: "[FILE]",
  summary: "validate a configuration file without running anything",
  description: `Validates FILE (default: ./acpgate.yaml) as acpgate would load it: YAML, every field, and
the names it refers to (defaultAgent, each environment's policy, each policy's extends).
Starts no agent and opens no store. Every problem is printed as FILE:LINE: FIELD: MESSAGE.`,
  flags: CONFIG_CHECK_FLAGS,
  footer: "Exit code: 0 when valid, 2 otherwise (or when FILE does not exist).",
  load: async () => (await import("./configCommand.js")).configCheckCommand,
});
