import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parse } from "yaml";
import { AcpgateError } from "../util/errors.js";
import { parseConfigText } from "./loadConfig.js";
import type { PolicyConfig } from "./policySchema.js";

/**
 * Policies from a YAML or JSON file, validated as the config's `policies:` section: either a
 * config-shaped document (`policies: {name: {...}}`, other sections ignored) or the map of
 * policies itself (`{name: {...}}`).
 */
export function loadPoliciesFile(file: string, cwd: string): Record<string, PolicyConfig> {
  const path = resolve(cwd, file);
  if (!existsSync(path))
    throw new AcpgateError("config_not_found", `policies file not found: ${path}`, { file: path });
  const text = readFileSync(path, "utf8");
  let data: unknown;
  try {
    data = parse(text) ?? {};
  } catch (error) {
    throw new AcpgateError(
      "config_invalid",
      `${path}: invalid YAML/JSON: ${(error as Error).message}`,
    );
  }
  if (typeof data !== "object" || data === null || Array.isArray(data))
    throw new AcpgateError("config_invalid", `${path}: expected a map of policies`);
  if (Object.hasOwn(data, "policies"))
    return parseConfigText(
      JSON.stringify({ policies: (data as { policies: unknown }).policies }),
      path,
    ).policies;
  return parseConfigText(JSON.stringify({ policies: data }), path).policies;
}
