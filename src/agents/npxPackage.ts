import { accessSync, constants, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";

/** `@scope/name@^1.2.3` → name and range (`*` when the spec names no version). */
export function parsePackageSpec(spec: string): { name: string; range: string } {
  const at = spec.indexOf("@", spec.startsWith("@") ? 1 : 0);
  if (at <= 0) return { name: spec, range: "*" };
  return { name: spec.slice(0, at), range: spec.slice(at + 1) || "*" };
}

export interface LocalPackage {
  name: string;
  version: string;
  dir: string;
  /** The executable its `bin` names (the one named after the package when there are several). */
  bin: string | undefined;
  /** The Node.js versions it declares it needs (`engines.node`). */
  engines: string | undefined;
}

/** acpgate's own install: npx agents installed beside acpgate are found without npx. */
const OWN_DIR = dirname(fileURLToPath(import.meta.url));

/** The directories whose node_modules (and their parents') are searched for an npx package. */
export function packageSearchDirs(cwd: string = process.cwd()): string[] {
  return [...new Set([resolve(cwd), OWN_DIR])];
}

/**
 * The installed copy of an npm package in a node_modules of `dirs` or any parent, whether or
 * not its version satisfies a range (the caller checks: a wrong version is worth reporting).
 */
export function findLocalPackage(name: string, dirs: readonly string[]): LocalPackage | undefined {
  for (const start of dirs) {
    for (let dir = start; ; dir = dirname(dir)) {
      const found = readPackage(join(dir, "node_modules", name));
      if (found) return found;
      if (dirname(dir) === dir) break;
    }
  }
  return undefined;
}

function readPackage(dir: string): LocalPackage | undefined {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const name = typeof json.name === "string" ? json.name : "";
  const version = typeof json.version === "string" ? json.version : "0.0.0";
  const engines = json.engines as Record<string, unknown> | undefined;
  return {
    name,
    version,
    dir,
    bin: binOf(json.bin, name, dir),
    engines: typeof engines?.node === "string" ? engines.node : undefined,
  };
}

function binOf(bin: unknown, name: string, dir: string): string | undefined {
  if (typeof bin === "string") return join(dir, bin);
  if (typeof bin !== "object" || bin === null) return undefined;
  const bins = Object.entries(bin as Record<string, unknown>).filter(
    (e): e is [string, string] => typeof e[1] === "string",
  );
  const base = name.replace(/^@[^/]+\//, "");
  const chosen = bins.find(([key]) => key === base) ?? (bins.length === 1 ? bins[0] : undefined);
  return chosen ? join(dir, chosen[1]) : undefined;
}

/** Whether an installed version satisfies a spec's range (prereleases included). */
export function satisfiesRange(version: string, range: string): boolean {
  if (range === "*" || range === "latest") return true;
  return semver.satisfies(version, range, { includePrerelease: true });
}

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
