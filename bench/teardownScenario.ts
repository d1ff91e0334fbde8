import { spawn } from "node:child_process";
import { tmpdir } from "node:os";
import { performance } from "node:perf_hooks";
import { DEFAULT_GRACE_MS } from "../src/agents/agentProcess.js";
import { agentEnv, RAW_AGENT, type BenchOptions } from "./benchEnv.js";
import { rawManager } from "./rawPlane.js";
import type { Row, TargetResult } from "./report.js";
import { summarise } from "./stats.js";

/** Direct: once the raw agent answers initialize, close its stdin and wait for its exit. */
async function directTeardown(): Promise<number> {
  const child = spawn(process.execPath, [RAW_AGENT], {
    stdio: ["pipe", "pipe", "inherit"],
    env: agentEnv(),
  });
  const answered = new Promise((resolve) => child.stdout.once("data", resolve));
  child.stdin.write(
    JSON.stringify({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: 1 },
    }) + "\n",
  );
  await answered;
  child.stdout.resume();
  const started = performance.now();
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.stdin.end();
  await exited;
  return performance.now() - started;
}

/**
 * teardown: an idle session's close (`SessionManager.close`: stdin closed, grace, signals,
 * group gone) for the raw agent, which exits on EOF, and for the same agent with --linger,
 * which like codex-acp exits only on SIGTERM; baseline: stdin end → exit of a bare spawn.
 */
export async function teardownScenario(
  options: BenchOptions,
): Promise<{ rows: Row[]; targets: TargetResult[]; raw: unknown }> {
  const reps = options.quick ? 4 : 15;
  const exits = rawManager(process.execPath, [RAW_AGENT]);
  const lingers = rawManager(process.execPath, [RAW_AGENT, "--linger"]);
  const samples = { direct: [] as number[], exits: [] as number[], lingers: [] as number[] };
  const close = async (manager: typeof exits): Promise<number> => {
    const session = await manager.create({ agentId: "raw", cwd: tmpdir() });
    const started = performance.now();
    await manager.close(session.id);
    return performance.now() - started;
  };
  await directTeardown();
  await close(exits);
  for (let rep = 0; rep < reps; rep++) {
    samples.direct.push(await directTeardown());
    samples.exits.push(await close(exits));
    samples.lingers.push(await close(lingers));
  }
  await exits.dispose();
  await lingers.dispose();
  const d = summarise(samples.direct);
  const e = summarise(samples.exits);
  const l = summarise(samples.lingers);
  const row = (contender: string, value: typeof d, note: string): Row => ({
    scenario: "teardown",
    contender,
    metric: "close",
    unit: "ms",
    value,
    ratio: value.median / d.median,
    note,
  });
  return {
    rows: [
      {
        scenario: "teardown",
        contender: "stdin end → exit",
        metric: "close",
        unit: "ms",
        value: d,
      },
      row("acpgate, agent exits on EOF", e, `${reps} reps`),
      row("acpgate, agent waits for SIGTERM", l, `full grace was ${DEFAULT_GRACE_MS} ms`),
    ],
    targets: [
      {
        scenario: "teardown",
        target: "an agent that never exits on EOF is gone ≤ 500 ms after close",
        measured: `${l.median.toFixed(0)} ms`,
        pass: l.median <= 500,
      },
    ],
    raw: { reps, ...samples },
  };
}
