import type { TargetResult } from "./report.js";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ACPGATE_CLI, DIRECT_CLIENT, RAW_AGENT } from "./benchEnv.js";
import type { Row } from "./report.js";
import { runMeasured, type Measured } from "./runMeasured.js";
import { runtimeNodeArgs } from "./runtimes.js";
import { summarise } from "./stats.js";
import { benchAcpx } from "./tools.js";

interface Contender {
  name: string;
  args: string[];
}

export const DIRECT = "direct SDK";
export const ACPGATE = "acpgate run";
export const ACPX = "acpx 0.19";
/** ACPGATE_BENCH_OTHER_CLI: the CLI entry of another acpgate build, run as one more contender. */
export const OTHER = "acpgate other build";

const acpxRuns = (): boolean => {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  return major > 22 || (major === 22 && minor >= 13);
};

/**
 * One prompt answered by N agent_message_chunk updates from the raw agent, the answer
 * printed at the end: the bare SDK client, `acpgate run --format quiet` (whole default
 * pipeline) and acpx (Node ≥ 22.13 only), all on this process's node, alternating within
 * each repetition so that drift hits all of them alike. Medians per contender.
 */
export async function cliPairing(
  scenario: string,
  chunks: number,
  reps: number,
): Promise<{
  rows: Row[];
  wall: Record<string, number>;
  rss: Record<string, number>;
  raw: unknown;
}> {
  const node = process.execPath;
  const dir = mkdtempSync(join(tmpdir(), `acpgate-bench-${scenario}-`));
  const agentArgs = [RAW_AGENT, "--chunks", String(chunks)];
  writeFileSync(
    join(dir, "acpgate.yaml"),
    `agents:\n  raw:\n    command: ${JSON.stringify(node)}\n    args: ${JSON.stringify(agentArgs)}\n    fileAccess: client\n`,
  );
  const contenders: Contender[] = [
    { name: DIRECT, args: [DIRECT_CLIENT, "--", node, ...agentArgs] },
    {
      name: ACPGATE,
      args: [...runtimeNodeArgs(), ACPGATE_CLI, "run", "--agent", "raw", "--format", "quiet", "go"],
    },
  ];
  // Another build of acpgate in the same alternation (before/after a change, paired).
  const other = process.env.ACPGATE_BENCH_OTHER_CLI;
  if (other) {
    contenders.push({
      name: OTHER,
      args: [...runtimeNodeArgs(), other, "run", "--agent", "raw", "--format", "quiet", "go"],
    });
  }
  const acpx = acpxRuns() ? await benchAcpx() : { unavailable: "needs Node ≥ 22.13" };
  if ("acpxCli" in acpx) {
    const agent = [node, ...agentArgs].join(" ");
    contenders.push({
      name: ACPX,
      args: [acpx.acpxCli, "--approve-all", "--format", "quiet", "--agent", agent, "exec", "go"],
    });
  }
  const samples = new Map<string, Measured[]>(contenders.map((c) => [c.name, []]));
  const expectedBytes = chunks * 4 + 1;
  for (let rep = 0; rep < reps; rep++) {
    const order = rep % 2 === 0 ? contenders : [...contenders].reverse();
    for (const contender of order) {
      const measured = await runMeasured(node, contender.args, { cwd: dir });
      if (measured.exitCode !== 0 || measured.stdoutBytes !== expectedBytes) {
        throw new Error(
          `${scenario}: ${contender.name} exited ${measured.exitCode} with ${measured.stdoutBytes} bytes (want ${expectedBytes}): ${measured.stderr}`,
        );
      }
      samples.get(contender.name)!.push(measured);
      process.stderr.write(`  ${scenario} ${contender.name}: ${measured.wallMs.toFixed(0)} ms\n`);
    }
  }
  const base = samples.get(DIRECT)!;
  const rows: Row[] = [];
  const wall: Record<string, number> = {};
  const rss: Record<string, number> = {};
  for (const [name, runs] of samples) {
    for (const [metric, unit, pick] of [
      ["wall", "ms", (m: Measured) => m.wallMs],
      ["cpu", "ms", (m: Measured) => m.cpuMs],
      ["peak rss", "MiB", (m: Measured) => m.maxRssMiB],
    ] as const) {
      const value = summarise(runs.map(pick));
      const baseline = summarise(base.map(pick)).median;
      if (metric === "wall") wall[name] = value.median;
      if (metric === "peak rss") rss[name] = value.median;
      rows.push({
        scenario,
        contender: name,
        metric,
        unit,
        value,
        ...(name === DIRECT ? {} : { ratio: value.median / baseline }),
        ...(metric === "wall" ? { note: `${chunks} chunks, ${reps} reps` } : {}),
      });
    }
  }
  if ("unavailable" in acpx) {
    rows.push({ scenario, contender: ACPX, metric: "wall", unit: "ms", note: acpx.unavailable });
  }
  return { rows, wall, rss, raw: { chunks, reps, node, samples: Object.fromEntries(samples) } };
}

/** The target both CLI scenarios share: acpgate's median wall below acpx's (n/a without acpx). */
export function fasterThanAcpx(scenario: string, wall: Record<string, number>): TargetResult {
  const acpx = wall[ACPX];
  const acpgate = wall[ACPGATE]!;
  return {
    scenario,
    target: "acpgate faster than acpx (wall)",
    measured:
      acpx !== undefined ? `${acpgate.toFixed(0)} vs ${acpx.toFixed(0)} ms` : "acpx unavailable",
    pass: acpx !== undefined ? acpgate < acpx : "n/a",
  };
}
