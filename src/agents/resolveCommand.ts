import type { AgentEntry } from "../config/agentSchema.js";
import { findExecutable } from "./findExecutable.js";
import {
  findLocalPackage,
  isExecutable,
  packageSearchDirs,
  parsePackageSpec,
  satisfiesRange,
  type LocalPackage,
} from "./npxPackage.js";

export interface ResolvedCommand {
  command: string;
  args: string[];
  /** Literal env values from the entry and its distribution. */
  env: Record<string, string>;
  /**
   * How it starts: `command`/`binary` as written, `installed` an npx package found installed
   * (run directly, no npx: fast, and no network), `path` its `bin` found on PATH (installed
   * some other way, version unchecked), `npx` through npx (which may download it).
   */
  via: "command" | "binary" | "installed" | "path" | "npx";
  /** The installed npx package it runs, when `via` is installed (or one of another version). */
  installed?: LocalPackage;
}

/**
 * The command line an entry stands for, whichever of the three forms it uses. An npx package
 * already installed beside acpgate or in the working directory, at a version the spec
 * allows, runs its bin directly; else the package's `bin` on PATH; otherwise
 * `npx --yes PACKAGE`.
 */
export function resolveCommand(
  entry: AgentEntry,
  searchDirs: readonly string[] = packageSearchDirs(),
): ResolvedCommand {
  if (entry.npx) {
    const env = { ...entry.npx.env, ...entry.env };
    const { name, range } = parsePackageSpec(entry.npx.package);
    const local = findLocalPackage(name, searchDirs);
    if (local?.bin && satisfiesRange(local.version, range)) {
      // A bin with a `#!/usr/bin/env node` line runs on the `node` of the agent's PATH,
      // which is how an adapter that needs a newer Node gets one.
      const direct = isExecutable(local.bin);
      return {
        command: direct ? local.bin : process.execPath,
        args: [...(direct ? [] : [local.bin]), ...entry.npx.args, ...entry.args],
        env,
        via: "installed",
        installed: local,
      };
    }
    const onPath = entry.npx.bin
      ? findExecutable(entry.npx.bin, entry.env.PATH ?? process.env.PATH)
      : undefined;
    if (onPath)
      return { command: onPath, args: [...entry.npx.args, ...entry.args], env, via: "path" };
    return {
      command: "npx",
      args: ["--yes", entry.npx.package, ...entry.npx.args, ...entry.args],
      env,
      via: "npx",
      ...(local ? { installed: local } : {}),
    };
  }
  if (entry.binary) {
    return {
      command: entry.binary.cmd,
      args: [...entry.binary.args, ...entry.args],
      env: { ...entry.binary.env, ...entry.env },
      via: "binary",
    };
  }
  return { command: entry.command ?? "", args: entry.args, env: entry.env, via: "command" };
}
