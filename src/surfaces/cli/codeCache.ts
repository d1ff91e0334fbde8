import { createHash } from "node:crypto";
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import Module, { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Script } from "node:vm";

/** What became of a script's code cache in this process. */
export type CodeCacheStatus = "off" | "accepted" | "rejected" | "absent";

export interface CachedScript {
  status: CodeCacheStatus;
  /** The file's `module.exports` once it ran. */
  exports: unknown;
  /** Writes the code compiled so far (what this process ran) as the cache; false if it cannot. */
  save(): boolean;
}

const MAX_AGE_MS = 30 * 24 * 3600 * 1000;

/**
 * The directory V8 code caches live in: `ACPGATE_CODE_CACHE_DIR`, else
 * `<tmpdir>/acpgate-code-cache-<uid>`; none when `NODE_DISABLE_COMPILE_CACHE` is set.
 */
export function codeCacheDirOf(env: NodeJS.ProcessEnv): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  return env.ACPGATE_CODE_CACHE_DIR || join(tmpdir(), `acpgate-code-cache-${uidOf()}`);
}

/**
 * Whether `dir` may hold code this process runs: created 0700 when missing, then it must be
 * a real directory (not a symlink) owned by this user that nobody else can write. A code
 * cache is compiled code: one planted by another user would run as this one.
 */
export function privateDir(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    if (!stat.isDirectory()) return false;
    const uid = process.getuid?.();
    if (uid !== undefined && stat.uid !== uid) return false;
    return (stat.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/**
 * Compiles and runs a CommonJS file the way `require` would, with V8's code cache for it
 * read from, and written to, `dir` under `key` (the file's build, the runtime and its flags).
 * Node's own compile cache (22.1+) stores code compiled before the module runs, which leaves
 * out every function compiled lazily while it runs — most of a bundle; `save()` after a run
 * stores those too, and Node 20 gets a cache at all.
 */
export function runCachedScript(file: string, key: string, dir: string | undefined): CachedScript {
  // A `#!` line is a comment to Node's loader; inside the wrapper it must be one for V8.
  const source = readFileSync(file, "utf8").replace(/^#!/, "//");
  const usable = dir !== undefined && privateDir(dir);
  const cacheFile = usable ? join(dir, `${cacheKey(key, file)}.v8cache`) : undefined;
  let cachedData: Buffer | undefined;
  if (cacheFile) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      cachedData = undefined;
    }
  }
  const script = new Script(Module.wrap(source), {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  });
  const status: CodeCacheStatus = !cacheFile
    ? "off"
    : !cachedData
      ? "absent"
      : script.cachedDataRejected
        ? "rejected"
        : "accepted";
  const wrapper = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: unknown,
    filename: string,
    dirname: string,
  ) => void;
  const module: { exports: unknown; filename: string; id: string; loaded: boolean } = {
    exports: {},
    filename: file,
    id: file,
    loaded: false,
  };
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  module.loaded = true;
  return {
    status,
    exports: module.exports,
    save: () => (cacheFile ? writeCache(cacheFile, script.createCachedData()) : false),
  };
}

function writeCache(cacheFile: string, data: Buffer): boolean {
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, data, { mode: 0o600 });
    renameSync(temporary, cacheFile);
    pruneOld(dirname(cacheFile));
    return true;
  } catch {
    try {
      unlinkSync(temporary);
    } catch {
      // Not written at all.
    }
    return false;
  }
}

/** Caches of other builds and runtimes untouched for 30 days go. */
function pruneOld(dir: string): void {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    try {
      if (now - statSync(path).mtimeMs > MAX_AGE_MS) unlinkSync(path);
    } catch {
      // Gone already, or not ours to remove.
    }
  }
}

/**
 * V8 checks a cache against its source by length only: the file's identity (inode, size,
 * mtime) is in the key, so a bundle edited in place never runs code cached from before.
 */
function cacheKey(key: string, file: string): string {
  const { ino, size, mtimeMs } = statSync(file);
  return createHash("sha256")
    .update(`${key}\0${process.version}\0${process.arch}\0${process.execArgv.join(" ")}`)
    .update(`\0${ino}\0${size}\0${mtimeMs}`)
    .digest("hex")
    .slice(0, 32);
}

const uidOf = (): string => String(process.getuid?.() ?? "user");
