import semver from "semver";
import type { AgentEntry } from "../config/agentSchema.js";
import { findExecutable } from "./findExecutable.js";
import { resolveCommand } from "./resolveCommand.js";

export interface Availability {
  /** Whether it can start here without installing anything by hand. */
  ok: boolean;
  /** installed: an npx package found installed; npx: npx would fetch it; path: found on PATH. */
  how: "installed" | "npx" | "path" | "missing";
  /** What was found (a path, a version) or what to do. */
  detail: string;
  /** The Node.js an npm adapter needs, when this process's does not satisfy it. */
  node?: string;
}

/**
 * Whether an agent can start on this machine, and how: its npx package installed (and at
 * which version), npx present to fetch it, or its binary on PATH — with the install hint when
 * it is missing. `nodeRange` is the Node.js the catalogue says the adapter needs.
 */
export function availability(
  entry: AgentEntry,
  options: { install?: string; nodeRange?: string; env?: NodeJS.ProcessEnv } = {},
): Availability {
  const command = resolveCommand(entry);
  const path = entry.env.PATH ?? (options.env ?? process.env).PATH;
  const hint = options.install ? `; install: ${options.install}` : "";
  const needs = options.nodeRange ?? command.installed?.engines;
  const node =
    needs && !semver.satisfies(process.versions.node, needs, { includePrerelease: true })
      ? needs
      : undefined;
  const nodeNote = node ? ` (needs Node ${node}: it runs on the node its PATH finds)` : "";
  if (command.via === "installed" && command.installed) {
    const { name, version, dir } = command.installed;
    return {
      ok: true,
      how: "installed",
      detail: `${name} ${version} at ${dir}${nodeNote}`,
      ...(node ? { node } : {}),
    };
  }
  if (command.via === "path")
    return { ok: true, how: "path", detail: `${command.command} (on PATH; version not checked)` };
  if (command.via === "npx") {
    const other = command.installed
      ? `installed ${command.installed.version} does not satisfy ${entry.npx?.package ?? ""}; `
      : "";
    const npx = findExecutable("npx", path);
    return npx
      ? {
          ok: true,
          how: "npx",
          detail: `${other}npx fetches ${entry.npx?.package ?? ""} at first start${nodeNote}`,
          ...(node ? { node } : {}),
        }
      : { ok: false, how: "missing", detail: `${other}npx not found on PATH${hint}` };
  }
  const found = findExecutable(command.command, path);
  return found
    ? { ok: true, how: "path", detail: found }
    : { ok: false, how: "missing", detail: `${command.command} not found on PATH${hint}` };
}
