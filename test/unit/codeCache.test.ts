import assert from "node:assert/strict";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { codeCacheDirOf, privateDir } from "../../src/surfaces/cli/codeCache.js";

const RUN = fileURLToPath(new URL("../fixtures/codeCacheRun.js", import.meta.url));

/** runCachedScript in a fresh process (fixtures/codeCacheRun.ts), saving when it had no cache. */
function runCachedScript(
  file: string,
  key: string,
  dir: string | undefined,
): { status: string; exports: unknown; saved: boolean } {
  const out = execFileSync(process.execPath, [RUN, file, key, dir ?? ""], { encoding: "utf8" });
  return JSON.parse(out) as { status: string; exports: unknown; saved: boolean };
}

function fixture(): { file: string; root: string } {
  const root = mkdtempSync(join(tmpdir(), "acpgate-codecache-"));
  const file = join(root, "bundle.cjs");
  // A hashbang, a lazily compiled function, require and __dirname: what the CLI bundle uses.
  writeFileSync(
    file,
    `#!/usr/bin/env node\nconst { join } = require("node:path");\nfunction later(n) { return n * 2; }\nmodule.exports = { value: later(21), here: join(__dirname, "x") };\n`,
  );
  return { file, root };
}

const cacheFiles = (dir: string): string[] =>
  readdirSync(dir).filter((n) => n.endsWith(".v8cache"));

void test("a script runs as CommonJS; its code cache is written, then accepted, and a corrupt one is rejected and rewritten", () => {
  const { file, root } = fixture();
  const dir = join(root, "cache");
  const first = runCachedScript(file, "build-1", dir);
  assert.equal(first.status, "absent");
  assert.deepEqual(first.exports, { value: 42, here: join(root, "x") });
  assert.equal(first.saved, true);
  const [name] = cacheFiles(dir);
  assert.ok(name, "a cache file");
  assert.equal(statSync(join(dir, name)).mode & 0o777, 0o600);
  assert.equal(statSync(dir).mode & 0o777, 0o700);

  const second = runCachedScript(file, "build-1", dir);
  assert.equal(second.status, "accepted");
  assert.deepEqual(second.exports, first.exports);

  writeFileSync(join(dir, name), Buffer.alloc(4096, 7));
  const corrupt = runCachedScript(file, "build-1", dir);
  assert.equal(corrupt.status, "rejected");
  assert.equal(corrupt.saved, true, "rewritten");
  assert.equal(runCachedScript(file, "build-1", dir).status, "accepted");

  assert.equal(
    runCachedScript(file, "build-2", dir).status,
    "absent",
    "another build, another key",
  );

  // Edited in place to the same length: V8 alone would take the old code for it.
  writeFileSync(file, readFileSync(file, "utf8").replace("n * 2", "n + 2"));
  const after = runCachedScript(file, "build-1", dir);
  assert.equal(after.status, "absent");
  assert.deepEqual(after.exports, { value: 23, here: join(root, "x") });
});

void test("no cache where the directory is not this user's alone: group- or world-writable, or a symlink", () => {
  const { file, root } = fixture();
  const open = join(root, "open");
  mkdirSync(open, { mode: 0o700 });
  chmodSync(open, 0o777);
  assert.equal(privateDir(open), false);
  const run = runCachedScript(file, "k", open);
  assert.equal(run.status, "off");
  assert.equal(run.saved, false);
  assert.deepEqual(cacheFiles(open), []);

  const real = join(root, "real");
  mkdirSync(real, { mode: 0o700 });
  const link = join(root, "link");
  symlinkSync(real, link);
  assert.equal(privateDir(link), false);
  assert.equal(runCachedScript(file, "k", link).status, "off");
  assert.equal(privateDir(real), true);
});

void test("NODE_DISABLE_COMPILE_CACHE turns the cache off; ACPGATE_CODE_CACHE_DIR moves it", () => {
  assert.equal(codeCacheDirOf({ NODE_DISABLE_COMPILE_CACHE: "1" }), undefined);
  assert.equal(codeCacheDirOf({ ACPGATE_CODE_CACHE_DIR: "/somewhere" }), "/somewhere");
  assert.match(codeCacheDirOf({}) ?? "", /acpgate-code-cache-/);
  const { file } = fixture();
  assert.equal(runCachedScript(file, "k", undefined).status, "off");
});
