import { statSync } from "node:fs";

const cache = new Map<string, boolean>();

/**
 * Whether the mount holding `dir` (an existing real directory) ignores case: the same
 * directory is found again under a case-swapped name. Cached per directory.
 */
export function isCaseInsensitive(dir: string): boolean {
  const known = cache.get(dir);
  if (known !== undefined) return known;
  let result = false;
  const index = lastCasedChar(dir);
  if (index >= 0) {
    const c = dir[index] ?? "";
    const swapped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
    const variant = dir.slice(0, index) + swapped + dir.slice(index + 1);
    try {
      const a = statSync(dir);
      const b = statSync(variant);
      result = a.ino === b.ino && a.dev === b.dev;
    } catch {
      result = false;
    }
  }
  cache.set(dir, result);
  return result;
}

function lastCasedChar(path: string): number {
  for (let i = path.length - 1; i >= 0; i--) {
    const c = path[i] ?? "";
    if (c.toLowerCase() !== c.toUpperCase()) return i;
  }
  return -1;
}
