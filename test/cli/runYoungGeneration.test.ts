import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { runCli } from "../support/cli.js";

const RECORD = fileURLToPath(new URL("../fixtures/recordV8Flags.js", import.meta.url));

void test("run holds the young generation once its session has started, not before and not on a usage error", async () => {
  const cwd = mkdtempSync(join(tmpdir(), "acpgate-young-"));
  const record = join(cwd, "flags.txt");
  const env = {
    ...process.env,
    NODE_OPTIONS: `--import ${RECORD}`,
    RECORD_V8_FLAGS: record,
    // A fresh code cache: this run writes it, and puts the factor back first.
    ACPGATE_CODE_CACHE_DIR: join(cwd, "cache"),
  };
  const usage = await runCli(["run"], { cwd, env, input: "" });
  assert.equal(usage.code, 2, usage.stderr);
  assert.equal(existsSync(record), false, "no session, no tuning");

  const ran = await runCli(["run", "@say hello"], { cwd, env });
  assert.equal(ran.code, 0, ran.stderr);
  assert.deepEqual(readFileSync(record, "utf8").trim().split("\n"), [
    "--semi-space-growth-factor=1",
    "--semi-space-growth-factor=2",
  ]);
});
