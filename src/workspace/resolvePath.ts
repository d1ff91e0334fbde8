import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

export interface ResolvedPath {
  /** Absolute, symlinks resolved for every part that exists (and dangling links followed). */
  real: string;
  /** Relative to the root it was checked against, with `/` separators; undefined when outside. */
  relative: string | undefined;
  inside: boolean;
}

const MAX_LINKS = 40;

/**
 * Resolves `path` (absolute or relative to `cwd`) the way the kernel follows it, one
 * component at a time: a symlink is replaced by its target before the next component, so
 * `link/..` is the parent of the link's target, not the link's directory. A dangling link is
 * followed too (a write through it creates its target). The result names no symlink in any
 * part that exists. The name is used as given, byte for byte: other readings of it (Unicode
 * normalisation, `\\` as a separator) are the caller's to add (see pathFacts.ts).
 * Throws ELOOP after too many links.
 */
export function realPathOf(path: string, cwd: string): string {
  const text = path;
  let current = isAbsolute(text) ? sep : realDir(cwd);
  const queue = text.split("/");
  let links = 0;
  while (queue.length) {
    const part = queue.shift() ?? "";
    if (part === "" || part === ".") continue;
    if (part === "..") {
      current = dirname(current);
      continue;
    }
    const candidate = join(current, part);
    let isLink = false;
    try {
      isLink = lstatSync(candidate).isSymbolicLink();
    } catch {
      isLink = false;
    }
    if (!isLink) {
      current = candidate;
      continue;
    }
    if (++links > MAX_LINKS) {
      throw Object.assign(new Error(`too many symbolic links: ${path}`), { code: "ELOOP" });
    }
    const target = readlinkSync(candidate);
    if (isAbsolute(target)) current = sep;
    queue.unshift(...target.split("/"));
  }
  return current;
}

/** The real path of a directory that should exist (the cwd); lexical when it does not. */
function realDir(dir: string): string {
  try {
    return realpathSync.native(resolve(dir));
  } catch {
    return resolve(dir);
  }
}

/** Resolves `path` against `cwd` and checks that it stays within `root`. */
export function resolveWithin(path: string, cwd: string, root: string): ResolvedPath {
  const real = realPathOf(path, cwd);
  const realRoot = realPathOf(root, root);
  const rel = relativeInside(realRoot, real);
  return { real, relative: rel, inside: rel !== undefined };
}

/** `path` relative to `root` with `/` separators, or undefined when it is not inside. */
export function relativeInside(root: string, path: string): string | undefined {
  const rel = relative(root, path);
  const inside = rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
  return inside ? rel.split(sep).join("/") : undefined;
}
