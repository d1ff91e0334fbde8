import { execFile, spawnSync } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { DIST_BENCH, type BenchOptions } from "./benchEnv.js";
import type { Row, TargetResult } from "./report.js";
import { runtimeNodeArgs } from "./runtimes.js";
import { percentile, summarise } from "./stats.js";

const run = promisify(execFile);

interface WorkerResult {
  readyHeapMiBPerSession: number;
  readyRssMiBPerSession: number;
  peakHeapMiBPerSession: number;
  peakRssMiBPerSession: number;
  loopUtilisation: number;
  loopDelayP99Ms: number;
  streamSeconds: number;
  planeCpuSeconds: number;
  agentsCpuSeconds: number | null;
  latencies: number[];
  firstTicks: number[];
}

/**
 * fan-out: N concurrent sessions in one process, each prompting a tick agent that sends a
 * stamped chunk every INTERVAL. acpgate = one SessionManager; baseline = N bare SDK clients.
 * Each repetition is a fresh process (memory deltas are per mode); modes alternate.
 */
export async function fanoutScenario(
  options: BenchOptions,
): Promise<{ rows: Row[]; targets: TargetResult[]; raw: unknown }> {
  if (spawnSync("perl", ["-e", "1"]).status !== 0) {
    return {
      rows: [
        { scenario: "fan-out", contender: "acpgate", metric: "-", unit: "-", note: "no perl" },
      ],
      targets: [],
      raw: {},
    };
  }
  const sizes = fanoutSizes(options.quick);
  const rows: Row[] = [];
  const targets: TargetResult[] = [];
  const raw: unknown[] = [];
  for (const sessions of sizes) {
    const one = await fanoutAt(sessions, options.quick);
    rows.push(...one.rows);
    targets.push(...one.targets);
    raw.push(one.raw);
  }
  return { rows, targets, raw };
}

/**
 * Session counts: 200 and 1,000 (quick: 50 and 200); ACPGATE_BENCH_FANOUT=200,500,1000 to
 * look for where it bends.
 */
function fanoutSizes(quick: boolean): number[] {
  const given = process.env.ACPGATE_BENCH_FANOUT;
  if (given)
    return given
      .split(",")
      .map(Number)
      .filter((n) => n > 0);
  return quick ? [50, 200] : [200, 1000];
}

async function fanoutAt(
  sessions: number,
  quick: boolean,
): Promise<{ rows: Row[]; targets: TargetResult[]; raw: unknown }> {
  const ticks = quick ? 10 : 20;
  const interval = "0.1";
  const reps = quick ? 1 : 3;
  const results: Record<string, WorkerResult[]> = { direct: [], acpgate: [] };
  for (let rep = 0; rep < reps; rep++) {
    for (const mode of rep % 2 === 0 ? ["direct", "acpgate"] : ["acpgate", "direct"]) {
      const { stdout } = await run(
        process.execPath,
        [
          ...runtimeNodeArgs(),
          "--expose-gc",
          join(DIST_BENCH, "fanoutWorker.js"),
          mode,
          String(sessions),
          String(ticks),
          interval,
        ],
        { maxBuffer: 256 * 1024 * 1024, timeout: 600_000 },
      );
      const result = JSON.parse(stdout) as WorkerResult;
      if (result.latencies.length !== sessions * ticks) {
        throw new Error(
          `fan-out ${mode}: ${result.latencies.length} stamped updates, want ${sessions * ticks}`,
        );
      }
      results[mode]!.push(result);
      const perUpdate = (seconds: number | null): string =>
        seconds === null ? "?" : ((seconds / result.latencies.length) * 1e6).toFixed(0);
      process.stderr.write(
        `  fan-out ${sessions} ${mode}: p99 ${percentile(result.latencies, 99).toFixed(1)} ms, CPU per update: plane ${perUpdate(result.planeCpuSeconds)} µs, agents ${perUpdate(result.agentsCpuSeconds)} µs\n`,
      );
    }
  }
  const rows: Row[] = [];
  const medianOf = (mode: string, pick: (r: WorkerResult) => number): number =>
    summarise(results[mode]!.map(pick)).median;
  const metrics: [string, string, (r: WorkerResult) => number][] = [
    ["heap/session ready", "MiB", (r) => r.readyHeapMiBPerSession],
    ["rss/session peak", "MiB", (r) => r.peakRssMiBPerSession],
    ["latency p50", "ms", (r) => percentile(r.latencies, 50)],
    ["latency p99", "ms", (r) => percentile(r.latencies, 99)],
    // Each agent's first tick leaves while the plane may still be sending the other prompts.
    ["first-tick latency p99", "ms", (r) => percentile(r.firstTicks, 99)],
    ["loop busy while streaming", "%", (r) => r.loopUtilisation * 100],
    ["loop delay p99", "ms", (r) => r.loopDelayP99Ms],
    // Where the two cores went while streaming: the plane's process, and the agents'.
    ["plane CPU per update", "µs", (r) => (r.planeCpuSeconds / r.latencies.length) * 1e6],
    [
      "agents CPU per update",
      "µs",
      (r) => ((r.agentsCpuSeconds ?? NaN) / r.latencies.length) * 1e6,
    ],
    [
      "cores busy while streaming",
      "cores",
      (r) => (r.planeCpuSeconds + (r.agentsCpuSeconds ?? NaN)) / r.streamSeconds,
    ],
  ];
  for (const mode of ["direct", "acpgate"]) {
    for (const [metric, unit, pick] of metrics) {
      const value = summarise(results[mode]!.map(pick));
      const ratio = value.median / medianOf("direct", pick);
      rows.push({
        scenario: `fan-out ${sessions}`,
        contender: mode === "direct" ? "direct SDK ×N" : "acpgate SessionManager",
        metric,
        unit,
        value,
        ...(mode === "acpgate" && Number.isFinite(ratio) ? { ratio } : {}),
        ...(metric === "heap/session ready"
          ? { note: `${sessions} sessions × ${ticks} chunks @${interval}s, ${reps} reps` }
          : {}),
      });
    }
  }
  const rss = medianOf("acpgate", (r) => r.peakRssMiBPerSession);
  const p99 = medianOf("acpgate", (r) => percentile(r.latencies, 99));
  return {
    rows,
    targets: [
      {
        scenario: `fan-out ${sessions}`,
        target: "≤ 1 MiB plane memory per session (peak RSS)",
        measured: `${rss.toFixed(2)} MiB`,
        pass: rss <= 1,
      },
      {
        scenario: `fan-out ${sessions}`,
        target: "update latency p99 < 50 ms",
        measured: `${p99.toFixed(1)} ms`,
        pass: p99 < 50,
      },
    ],
    raw: {
      sessions,
      ticks,
      interval,
      reps,
      summary: Object.fromEntries(
        Object.entries(results).map(([mode, list]) => [
          mode,
          list.map(({ latencies, firstTicks, ...rest }) => ({
            ...rest,
            p50: percentile(latencies, 50),
            p99: percentile(latencies, 99),
            firstTickP99: percentile(firstTicks, 99),
          })),
        ]),
      ),
    },
  };
}
