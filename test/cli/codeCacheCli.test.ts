import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { runCli } from "../support/cli.js";

const caches = (dir: string): string[] =>
  readdirSync(dir)
    .filter((n) => n.endsWith(".v8cache"))
    .sort();

void test("the launcher writes one code cache per command family after a successful run, and the next run uses it as it is", async () => {
  const dir = mkdtempSync(join(tmpdir(), "acpgate-cli-codecache-"));
  const cwd = mkdtempSync(join(tmpdir(), "acpgate-cli-codecache-cwd-"));
  const cache = join(dir, "cache");
  const env: NodeJS.ProcessEnv = { ...process.env, ACPGATE_CODE_CACHE_DIR: cache };
  delete env.NODE_DISABLE_COMPILE_CACHE;

  const help = await runCli(["agents", "list", "--help"], { cwd, env });
  assert.equal(help.code, 0);
  assert.deepEqual(caches(cache), [], "a help call writes no cache");

  const failed = await runCli(["agents", "show", "no-such-agent"], { cwd, env });
  assert.equal(failed.code, 2, failed.stderr);
  assert.deepEqual(caches(cache), [], "a failed command writes none");

  const first = await runCli(["agents", "list"], { cwd, env });
  assert.equal(first.code, 0, first.stderr);
  const [written] = caches(cache);
  assert.ok(written, "the first successful run writes the cache");
  const before = statSync(join(cache, written));

  const second = await runCli(["agents", "list"], { cwd, env });
  assert.equal(second.code, 0, second.stderr);
  assert.equal(second.stdout, first.stdout);
  const after = statSync(join(cache, written));
  assert.equal(after.ino, before.ino, "accepted, not rewritten");
  assert.equal(after.mtimeMs, before.mtimeMs);

  // A read-only run whose write was refused (exit 5) ran its turn in full: `run` gets its own.
  const refused = await runCli(["run", "@write out.txt hi"], { cwd, env });
  assert.equal(refused.code, 5, refused.stderr);
  assert.equal(caches(cache).length, 2, "run's cache beside the other commands' one");
  // `run` changes a V8 flag mid-way (youngGeneration.ts): its cache must still be accepted.
  const runCache = caches(cache)
    .map((n) => join(cache, n))
    .find((p) => statSync(p).ino !== before.ino);
  assert.ok(runCache);
  const runBefore = statSync(runCache);
  const again = await runCli(["run", "@write out.txt hi"], { cwd, env });
  assert.equal(again.code, 5, again.stderr);
  const runAfter = statSync(runCache);
  assert.equal(runAfter.ino, runBefore.ino, "run's cache accepted, not rewritten");
  assert.equal(runAfter.mtimeMs, runBefore.mtimeMs);

  const off = await runCli(["agents", "list"], {
    cwd,
    env: { ...env, ACPGATE_CODE_CACHE_DIR: join(dir, "off"), NODE_DISABLE_COMPILE_CACHE: "1" },
  });
  assert.equal(off.code, 0, off.stderr);
  assert.equal(off.stdout, first.stdout);
  assert.throws(
    () => readdirSync(join(dir, "off")),
    "NODE_DISABLE_COMPILE_CACHE: no cache directory at all",
  );
});
