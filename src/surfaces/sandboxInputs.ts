import { resolve } from "node:path";
import type { AcpgateConfig } from "../config/schema.js";
import type { SandboxSetting } from "../policy/policyTypes.js";
import { AcpgateError } from "../util/errors.js";

const SETTINGS: readonly SandboxSetting[] = ["auto", "required", "off"];

/**
 * The sandbox setting of agents and policies that name none: `ACPGATE_SANDBOX` of acpgate's
 * environment (auto, required, off), else auto.
 */
export function sandboxDefaultOf(env: NodeJS.ProcessEnv): SandboxSetting {
  const value = env.ACPGATE_SANDBOX;
  if (value === undefined || value === "") return "auto";
  if ((SETTINGS as readonly string[]).includes(value)) return value as SandboxSetting;
  throw new AcpgateError(
    "config_invalid",
    `ACPGATE_SANDBOX is '${value}'; it takes one of ${SETTINGS.join(", ")}`,
    { variable: "ACPGATE_SANDBOX", value },
  );
}

/** Every file acpgate reads a secret from (top-level and environments' `secrets:`), absolute. */
export function secretFilesOf(config: AcpgateConfig, baseDir: string): string[] {
  const sources = [
    ...Object.values(config.secrets),
    ...Object.values(config.environments ?? {}).flatMap((e) => Object.values(e.secrets ?? {})),
  ];
  return [
    ...new Set(sources.flatMap((s) => (s.from === "file" ? [resolve(baseDir, s.path)] : []))),
  ];
}
