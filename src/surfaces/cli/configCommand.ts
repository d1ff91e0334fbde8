import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { BUILTIN_AGENT_IDS } from "../../agents/catalogue.js";
import { configJsonSchema } from "../../config/configJsonSchema.js";
import {
  DEFAULT_CONFIG_FILE,
  formatConfigIssue,
  parseConfigSource,
  type ConfigIssue,
  type ConfigSource,
} from "../../config/loadConfig.js";
import { AcpgateError, errorMessage, isAcpgateError } from "../../util/errors.js";
import type { CommandInput } from "./commandSpec.js";
import type { CONFIG_CHECK_FLAGS, CONFIG_SCHEMA_FLAGS } from "./configSpecs.js";
import { EXIT } from "./exitCodes.js";

/** `config check --json`: the version of the line, bumped on incompatible change. */
export const CONFIG_CHECK_SCHEMA = "acpgate.config-check.v1";

export function configSchemaCommand({
  out,
}: CommandInput<typeof CONFIG_SCHEMA_FLAGS>): Promise<number> {
  out.write(`${JSON.stringify(configJsonSchema(), null, 2)}\n`);
  return Promise.resolve(EXIT.ok);
}

export function configCheckCommand({
  values,
  positionals,
  out,
}: CommandInput<typeof CONFIG_CHECK_FLAGS>): Promise<number> {
  if (positionals.length > 1)
    throw new AcpgateError(
      "usage",
      "config check takes one FILE\nSee 'acpgate config check --help'.",
    );
  const file = resolve(process.cwd(), positionals[0] ?? DEFAULT_CONFIG_FILE);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new AcpgateError("config_not_found", `cannot read ${file}: ${errorMessage(error)}`, {
      file,
    });
  }
  const issues = checkConfig(text, file);
  if (values.json)
    out.write(
      `${JSON.stringify({ schema: CONFIG_CHECK_SCHEMA, ok: !issues.length, file, issues })}\n`,
    );
  else if (issues.length === 0) out.write(`${file}: ok\n`);
  for (const issue of issues) process.stderr.write(`${formatConfigIssue(issue)}\n`);
  return Promise.resolve(issues.length ? EXIT.usage : EXIT.ok);
}

/** Schema issues, else the references the schema cannot see; empty when the file is valid. */
function checkConfig(text: string, file: string): ConfigIssue[] {
  let source: ConfigSource;
  try {
    source = parseConfigSource(text, file);
  } catch (error) {
    if (isAcpgateError(error, "config_invalid")) return error.details.configIssues as ConfigIssue[];
    throw error;
  }
  return source.references(BUILTIN_AGENT_IDS);
}
