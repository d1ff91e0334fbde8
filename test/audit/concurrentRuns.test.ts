import assert from "node:assert/strict";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { runCli } from "../support/cli.js";
import { scratchDir } from "../support/scratchDir.js";

/**
 * The acceptance test of concurrent runs: 20 real `acpgate run` processes of the demo agent in
 * one directory, each streaming 3000 chunks and writing a file. One trial by default (it takes
 * ~10 s on two cores); ACPGATE_CONCURRENT_RUN_TRIALS=10 runs the full acceptance.
 */
const TRIALS = Number(process.env.ACPGATE_CONCURRENT_RUN_TRIALS ?? 1);
const RUNS = 20;
const tmp = scratchDir("acpgate-concurrent-runs-");
after(() => tmp.remove());

void test(`${RUNS} concurrent acpgate runs in one directory all succeed and share one intact chain (${TRIALS} trial(s))`, async () => {
  for (let trial = 0; trial < TRIALS; trial++) {
    const dir = join(tmp.dir, `trial${trial}`);
    mkdirSync(dir);
    const runs = await Promise.all(
      Array.from({ length: RUNS }, (_, i) =>
        runCli(
          [
            "run",
            "--policy",
            "workspace-write",
            "--format",
            "quiet",
            `@chunks 3000\n@write out-${i}.txt run ${i}`,
          ],
          { cwd: dir, timeoutMs: 180_000 },
        ),
      ),
    );
    const failed = runs.flatMap((r, i) =>
      r.code === 0 ? [] : [`run ${i}: exit ${r.code}: ${r.stderr.trim()}`],
    );
    assert.deepEqual(failed, [], `trial ${trial}`);
    for (let i = 0; i < RUNS; i++) assert.ok(existsSync(join(dir, `out-${i}.txt`)), `out-${i}.txt`);
    const verify = await runCli(["audit", "verify", "--json"], { cwd: dir });
    assert.equal(verify.code, 0, verify.stderr);
    assert.equal((JSON.parse(verify.stdout) as { ok: boolean }).ok, true);
    const started = await runCli(["audit", "list", "--kind", "session_started"], { cwd: dir });
    assert.equal(started.stdout.trim().split("\n").length, RUNS);
  }
});
