import { createHash } from "node:crypto";
import type { BigIntStats } from "node:fs";
import { lstat, readFile, readdir, readlink } from "node:fs/promises";
import { join } from "node:path";

/** Files up to this size have their content hashed; larger ones are known by their stat. */
export const CONTENT_HASH_LIMIT = 64 * 1024;
/** Entries a workspace walk looks at before it stops (a runaway tree must not stall a turn). */
export const WALK_LIMIT = 200_000;

/** What to fingerprint: absolute paths. */
export interface ProtectedScope {
  /** Files or directories taken whole, every entry beneath them (`.git`, `.acpgate`, the config). */
  whole: readonly string[];
  /** Entries left out wherever they are (acpgate's own audit database). */
  exclude?: (path: string) => boolean;
  /**
   * A walk of these roots (symlinks not followed) adding every entry `covers` names, with
   * its subtree when it is a directory (the policy's `protect:` and deny globs).
   */
  walk?: { roots: readonly string[]; covers: (path: string) => boolean };
}

/** Absolute path → signature; equal signatures mean unchanged. */
export type Fingerprint = Map<string, string>;

/**
 * The fingerprint of every protected entry. A file's signature is its size, mtime, ctime and
 * inode (nanoseconds, from one lstat) plus — up to CONTENT_HASH_LIMIT — the sha256 of its
 * content; a symlink's is its target; a directory's only that it is one (its entries speak
 * for it). ctime cannot be set from user space, so a rewrite that restores the mtime still
 * changes the signature, and small files are compared by content besides. Entries that
 * vanish mid-walk are simply absent; unreadable ones are signed by their error.
 */
export async function fingerprint(scope: ProtectedScope): Promise<Fingerprint> {
  const out: Fingerprint = new Map();
  const exclude = scope.exclude ?? (() => false);
  const taken = new Set<string>();
  const take = async (path: string): Promise<void> => {
    if (taken.has(path) || exclude(path)) return;
    taken.add(path);
    await signTree(path, out, exclude);
  };
  await Promise.all(scope.whole.map(take));
  if (scope.walk) {
    const budget = { left: WALK_LIMIT };
    const covers = scope.walk.covers;
    await Promise.all(
      scope.walk.roots.map((root) => walk(root, budget, (p) => covers(p) && !taken.has(p), take)),
    );
  }
  return out;
}

async function signTree(path: string, out: Fingerprint, exclude: (p: string) => boolean) {
  let stat: BigIntStats;
  try {
    stat = await lstat(path, { bigint: true });
  } catch (error) {
    if (codeOf(error) !== "ENOENT") out.set(path, `error:${codeOf(error)}`);
    return;
  }
  if (stat.isDirectory()) {
    out.set(path, "dir");
    const names = await readdir(path).catch(() => []);
    await Promise.all(
      names
        .map((name) => join(path, name))
        .filter((p) => !exclude(p))
        .map((p) => signTree(p, out, exclude)),
    );
    return;
  }
  out.set(path, await signature(path, stat));
}

async function signature(path: string, stat: BigIntStats): Promise<string> {
  const times = `${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}:${stat.ino}:${stat.mode}`;
  if (stat.isSymbolicLink()) return `link:${await readlink(path).catch(() => "?")}:${times}`;
  if (!stat.isFile()) return `other:${times}`;
  if (stat.size > BigInt(CONTENT_HASH_LIMIT)) return `file:${times}`;
  try {
    const content = await readFile(path);
    return `file:${times}:${createHash("sha256").update(content).digest("hex")}`;
  } catch (error) {
    return `file:${times}:error:${codeOf(error)}`;
  }
}

/** Depth-first over directories, never through a symlink; covered entries go to `take`. */
async function walk(
  dir: string,
  budget: { left: number },
  covers: (path: string) => boolean,
  take: (path: string) => Promise<void>,
): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const below: Promise<void>[] = [];
  for (const entry of entries) {
    if (--budget.left < 0) return;
    const path = join(dir, entry.name);
    if (covers(path)) below.push(take(path));
    else if (entry.isDirectory()) below.push(walk(path, budget, covers, take));
  }
  await Promise.all(below);
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? "unknown";
}
