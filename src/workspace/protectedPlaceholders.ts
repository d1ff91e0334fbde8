import { lstatSync, mkdirSync, readdirSync, rmdirSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Protected names at a workspace's root that a sandbox can only hold read-only if they exist:
 * bubblewrap binds existing paths. When one is missing at start, an empty one stands in for the
 * session (an empty `.git/` or `.acpgate/`, an empty `acpgate.yaml`, which loads as no
 * configuration), bound read-only, so an agent cannot create it; it is removed at the end if
 * it is still empty. A `kill -9` of acpgate can leave one behind, empty and harmless.
 */
const ROOT_NAMES = [
  { name: ".git", dir: true },
  { name: ".acpgate", dir: true },
  { name: "acpgate.yaml", dir: false },
] as const;

/** Creates the missing ones under `root`; returns the paths created. */
export function placeProtectedPlaceholders(root: string): string[] {
  const created: string[] = [];
  for (const { name, dir } of ROOT_NAMES) {
    const path = join(root, name);
    if (exists(path)) continue;
    try {
      if (dir) mkdirSync(path);
      else writeFileSync(path, "", { flag: "wx" });
      created.push(path);
    } catch {
      // A read-only or foreign workspace: the integrity check still detects a creation.
    }
  }
  return created;
}

/** Removes each placeholder that is still empty (anything in it is kept, and reported). */
export function removePlaceholders(paths: readonly string[]): void {
  for (const path of paths) {
    try {
      const info = lstatSync(path);
      if (info.isDirectory() && readdirSync(path).length === 0) rmdirSync(path);
      else if (info.isFile() && info.size === 0) unlinkSync(path);
    } catch {
      // Gone already.
    }
  }
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
