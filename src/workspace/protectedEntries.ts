import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { protectionOf } from "../policy/protectedPaths.js";
import type { Policy, SessionPolicyState } from "../policy/policyTypes.js";

/** How many entries the walk looks at before it stops (a huge tree is not walked whole). */
export const WALK_LIMIT = 50_000;
/** Folders not descended into: package trees, where a protected path has no business. */
const SKIPPED = new Set(["node_modules"]);

/**
 * The paths inside `root` (a real path) that exist now and that policy would never let be
 * written (`protectionOf`): `.git` at any depth, `.acpgate/`, the config file, an
 * `acpgate.yaml` at the root, `protect:` matches. A protected folder is listed whole and not
 * descended into. Symlinks are not followed; `node_modules` is not walked.
 */
export function protectedEntries(
  root: string,
  policy: Policy,
  state: SessionPolicyState,
): { paths: string[]; truncated: boolean } {
  const paths: string[] = [];
  let seen = 0;
  const walk = (dir: string, relative: string): boolean => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return true;
    }
    for (const name of names.sort()) {
      if (++seen > WALK_LIMIT) return false;
      const real = join(dir, name);
      const rel = relative ? `${relative}/${name}` : name;
      const fact = { raw: rel, real, relative: rel, inside: true, root };
      if (protectionOf(fact, policy, state)) {
        paths.push(real);
        continue;
      }
      let isDir = false;
      try {
        const info = lstatSync(real);
        isDir = info.isDirectory() && !info.isSymbolicLink();
      } catch {
        continue;
      }
      if (isDir && !SKIPPED.has(name) && !walk(real, rel)) return false;
    }
    return true;
  };
  const complete = walk(root, "");
  return { paths, truncated: !complete };
}
