import type { Fingerprint } from "./protectedFingerprint.js";

export type PathChangeKind = "created" | "modified" | "deleted";

export interface PathChange {
  /** Absolute path. */
  path: string;
  change: PathChangeKind;
}

/** What differs between two fingerprints of the same scope, sorted by path. */
export function diffFingerprints(before: Fingerprint, after: Fingerprint): PathChange[] {
  const changes: PathChange[] = [];
  for (const [path, signature] of after) {
    const was = before.get(path);
    if (was === undefined) changes.push({ path, change: "created" });
    else if (was !== signature) changes.push({ path, change: "modified" });
  }
  for (const path of before.keys()) if (!after.has(path)) changes.push({ path, change: "deleted" });
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
