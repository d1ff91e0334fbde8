import { realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep, basename, join } from "node:path";

export interface ResolvedPath {
  /** Absolute, symlinks resolved for every part that exists. */
  real: string;
  /** Relative to the root it was checked against, with `/` separators; undefined when outside. */
  relative: string | undefined;
  inside: boolean;
}

/**
 * Resolves `path` (absolute or relative to `cwd`) the way the OS would follow it: the real
 * path of the nearest existing ancestor plus the rest, so a symlink cannot point outside.
 */
export function realPathOf(path: string, cwd: string): string {
  const lexical = resolve(cwd, path.normalize("NFC"));
  let existing = lexical;
  const rest: string[] = [];
  for (;;) {
    try {
      const real = realpathSync.native(existing);
      return rest.length ? join(real, ...rest.reverse()) : real;
    } catch {
      const parent = dirname(existing);
      if (parent === existing) return lexical;
      rest.push(basename(existing));
      existing = parent;
    }
  }
}

/** Resolves `path` against `cwd` and checks that it stays within `root`. */
export function resolveWithin(path: string, cwd: string, root: string): ResolvedPath {
  const real = realPathOf(path, cwd);
  const realRoot = realPathOf(root, root);
  const rel = relative(realRoot, real);
  const inside = rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
  return { real, relative: inside ? rel.split(sep).join("/") : undefined, inside };
}
