import { createHash } from "node:crypto";
import { lstatSync, readFileSync, readdirSync, readlinkSync, type BigIntStats } from "node:fs";
import { join } from "node:path";
import { setImmediate as yieldToLoop } from "node:timers/promises";

/** Files up to this size have their content hashed; larger ones are known by their stat. */
export const CONTENT_HASH_LIMIT = 64 * 1024;
/** Entries a workspace walk looks at before it stops (a runaway tree must not stall a turn). */
export const WALK_LIMIT = 200_000;
/**
 * How long before a fingerprint began a file must have last changed (ctime and mtime) for the
 * next fingerprint to keep its content hash while its stat is unchanged: the "racily clean"
 * rule of git's index. A write stamps the file with the kernel's coarse clock, so two writes
 * within one tick (milliseconds; seconds on some file systems) can leave the same stat; a
 * hash read well after the last change cannot have been taken between two such writes.
 */
export const SETTLED_NS = 2_000_000_000n;

/** What to fingerprint: absolute paths. */
export interface ProtectedScope {
  /** Files or directories taken whole, every entry beneath them (`.git`, `.acpgate`, the config). */
  whole: readonly string[];
  /** Entries left out wherever they are (acpgate's own audit database). */
  exclude?: (path: string) => boolean;
  /**
   * Directories acpgate itself creates (the audit database's, `.acpgate`): that one appears
   * or goes is never a change, while every entry beneath it is still signed. The store opens
   * after a session's baseline when `serve` starts its first session in a fresh workspace.
   */
  ownDir?: (path: string) => boolean;
  /**
   * A walk of these roots (symlinks not followed) adding every entry `covers` names (the
   * policy's `protect:` and deny globs); a covered directory's entries are judged one by one.
   */
  walk?: { roots: readonly string[]; covers: (path: string) => boolean };
}

/** Absolute path → signature; equal signatures mean unchanged. */
export type Fingerprint = Map<string, string>;

/** When each fingerprint began (wall clock, ns): what SETTLED_NS is measured from. */
const began = new WeakMap<Fingerprint, bigint>();

/** The previous fingerprint's content hashes that may be kept (see SETTLED_NS). */
interface Known {
  prior: Fingerprint;
  settledBefore: bigint;
}

/**
 * The fingerprint of every protected entry. A file's signature is its size, mtime, ctime and
 * inode (nanoseconds, from one lstat) plus — up to CONTENT_HASH_LIMIT — the sha256 of its
 * content; a symlink's is its target; a directory's only that it is one (its entries speak
 * for it). ctime cannot be set from user space, so a rewrite that restores the mtime still
 * changes the signature, and small files are compared by content besides. Entries that
 * vanish mid-walk are simply absent; unreadable ones are signed by their error.
 *
 * Given the previous fingerprint of the same scope, a file whose stat is unchanged and that
 * was last changed SETTLED_NS before that one began keeps its content hash rather than being
 * read again (a check after every turn reads the config and `.acpgate` each time).
 *
 * The file system is read synchronously, one directory at a time, yielding to the event
 * loop between directories: fs/promises costs a thread-pool round trip per call, about ten
 * times slower on a .git of a few thousand files (docs/policy.md has the numbers), while no
 * single directory blocks the loop for long.
 */
export async function fingerprint(
  scope: ProtectedScope,
  previous?: Fingerprint,
): Promise<Fingerprint> {
  const out: Fingerprint = new Map();
  began.set(out, BigInt(Date.now()) * 1_000_000n);
  const since = previous && began.get(previous);
  const known =
    since === undefined ? undefined : { prior: previous!, settledBefore: since - SETTLED_NS };
  const exclude = scope.exclude ?? (() => false);
  const entries: TreeRules = { exclude, ownDir: scope.ownDir ?? (() => false) };
  const taken = new Set<string>();
  const take = async (path: string): Promise<void> => {
    if (taken.has(path) || exclude(path)) return;
    taken.add(path);
    await signTree(path, out, entries, known);
  };
  for (const path of scope.whole) await take(path);
  if (scope.walk) {
    const budget = { left: WALK_LIMIT };
    const covers = scope.walk.covers;
    // Entries already taken whole are not walked again (a `.git` is read once).
    const seen = (p: string) => taken.has(p) || exclude(p);
    for (const root of scope.walk.roots) await walk(root, budget, { out, covers, seen, take });
  }
  return out;
}

interface TreeRules {
  exclude: (p: string) => boolean;
  ownDir: (p: string) => boolean;
}

async function signTree(
  path: string,
  out: Fingerprint,
  rules: TreeRules,
  known: Known | undefined,
): Promise<void> {
  let stat: BigIntStats | undefined;
  try {
    // No error built for an entry that is not there (the config names that may be absent).
    stat = lstatSync(path, { bigint: true, throwIfNoEntry: false });
  } catch (error) {
    out.set(path, `error:${codeOf(error)}`);
    return;
  }
  if (!stat) return;
  if (!stat.isDirectory()) return void out.set(path, signature(path, stat, known));
  if (!rules.ownDir(path)) out.set(path, "dir");
  const below: string[] = [];
  for (const name of listing(path)) {
    const child = join(path, name);
    if (rules.exclude(child)) continue;
    try {
      const childStat = lstatSync(child, { bigint: true, throwIfNoEntry: false });
      if (!childStat) continue;
      if (childStat.isDirectory()) below.push(child);
      else out.set(child, signature(child, childStat, known));
    } catch (error) {
      out.set(child, `error:${codeOf(error)}`);
    }
  }
  for (const dir of below) {
    await yieldToLoop();
    await signTree(dir, out, rules, known);
  }
}

function signature(path: string, stat: BigIntStats, known: Known | undefined): string {
  const times = `${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}:${stat.ino}:${stat.mode}`;
  if (stat.isSymbolicLink()) return `link:${attempt(() => readlinkSync(path), "?")}:${times}`;
  if (!stat.isFile()) return `other:${times}`;
  if (stat.size > BigInt(CONTENT_HASH_LIMIT)) return `file:${times}`;
  const kept = known?.prior.get(path);
  const settled =
    known !== undefined && stat.ctimeNs < known.settledBefore && stat.mtimeNs < known.settledBefore;
  if (settled && kept?.startsWith(`file:${times}:`) && !kept.includes(":error:")) return kept;
  try {
    return `file:${times}:${createHash("sha256").update(readFileSync(path)).digest("hex")}`;
  } catch (error) {
    return `file:${times}:error:${codeOf(error)}`;
  }
}

/** Depth-first over directories, never through a symlink; covered entries go to `take`. */
async function walk(dir: string, budget: { left: number }, by: WalkSteps): Promise<void> {
  const entries = attempt(() => readdirSync(dir, { withFileTypes: true }), []);
  const below: string[] = [];
  for (const entry of entries) {
    if (--budget.left < 0) return;
    const path = join(dir, entry.name);
    if (by.seen(path)) continue;
    // A covered directory is signed and walked on: each entry below is judged on its own
    // (`paths: ["**", "!allowed.txt"]` covers a directory but not every file in it).
    const covered = by.covers(path);
    if (entry.isDirectory()) {
      if (covered) by.out.set(path, "dir");
      below.push(path);
    } else if (covered) await by.take(path);
  }
  for (const path of below) {
    await yieldToLoop();
    await walk(path, budget, by);
  }
}

interface WalkSteps {
  out: Fingerprint;
  covers: (path: string) => boolean;
  /** Taken whole already, or excluded: neither taken nor descended into. */
  seen: (path: string) => boolean;
  take: (path: string) => Promise<void>;
}

function listing(dir: string): string[] {
  return attempt(() => readdirSync(dir), []);
}

function attempt<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? "unknown";
}
