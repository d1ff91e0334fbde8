import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ACPGATE_CLI, DIRECT_CLIENT, RAW_AGENT, type BenchOptions } from "./benchEnv.js";
import { benchTools } from "./tools.js";
import type { Row, TargetResult } from "./report.js";
import { runMeasured, type Measured } from "./runMeasured.js";
import { summarise } from "./stats.js";

interface Contender {
  name: string;
  node: string;
  args: string[];
}

/**
 * stream: one prompt, N agent_message_chunk updates from the raw agent, the answer printed at
 * the end. Contenders alternate within each repetition so drift hits all of them alike.
 */
export async function streamScenario(
  options: BenchOptions,
): Promise<{ rows: Row[]; targets: TargetResult[]; raw: unknown }> {
  const chunks = options.quick ? 20_000 : 100_000;
  const reps = options.quick ? 2 : 5;
  // The direct client and acpgate run on this Node (acpgate's native SQLite module is built
  // for the Node that installed it); acpx on Node 22, its minimum. The agent is the same.
  const tools = benchTools();
  const node = process.execPath;
  const acpxNode = "node22" in tools ? tools.node22 : process.execPath;
  const dir = mkdtempSync(join(tmpdir(), "acpgate-bench-stream-"));
  const agentArgs = [RAW_AGENT, "--chunks", String(chunks)];
  writeFileSync(
    join(dir, "acpgate.yaml"),
    `agents:\n  raw:\n    command: ${JSON.stringify(node)}\n    args: ${JSON.stringify(agentArgs)}\n    fileAccess: client\n`,
  );
  const contenders: Contender[] = [
    { name: "direct SDK", node, args: [DIRECT_CLIENT, "--", node, ...agentArgs] },
    {
      name: "acpgate run",
      node,
      args: [ACPGATE_CLI, "run", "--agent", "raw", "--format", "quiet", "go"],
    },
  ];
  if ("acpxCli" in tools) {
    contenders.push({
      name: "acpx 0.19",
      node: acpxNode,
      args: [
        tools.acpxCli,
        "--approve-all",
        "--format",
        "quiet",
        "--agent",
        [node, ...agentArgs].join(" "),
        "exec",
        "go",
      ],
    });
  }
  const samples = new Map<string, Measured[]>(contenders.map((c) => [c.name, []]));
  const expectedBytes = chunks * 4 + 1;
  for (let rep = 0; rep < reps; rep++) {
    const order = rep % 2 === 0 ? contenders : [...contenders].reverse();
    for (const contender of order) {
      const measured = await runMeasured(contender.node, contender.args, { cwd: dir });
      if (measured.exitCode !== 0 || measured.stdoutBytes !== expectedBytes) {
        throw new Error(
          `stream: ${contender.name} exited ${measured.exitCode} with ${measured.stdoutBytes} bytes (want ${expectedBytes}): ${measured.stderr}`,
        );
      }
      samples.get(contender.name)!.push(measured);
      process.stderr.write(`  stream ${contender.name}: ${measured.wallMs.toFixed(0)} ms\n`);
    }
  }
  const base = samples.get("direct SDK")!;
  const rows: Row[] = [];
  const medians: Record<string, number> = {};
  for (const [name, runs] of samples) {
    for (const [metric, unit, pick] of [
      ["wall", "ms", (m: Measured) => m.wallMs],
      ["cpu", "ms", (m: Measured) => m.cpuMs],
      ["peak rss", "MiB", (m: Measured) => m.maxRssMiB],
    ] as const) {
      const value = summarise(runs.map(pick));
      const baseline = summarise(base.map(pick)).median;
      if (metric === "wall") medians[name] = value.median;
      rows.push({
        scenario: "stream",
        contender: name,
        metric,
        unit,
        value,
        ...(name === "direct SDK" ? {} : { ratio: value.median / baseline }),
        ...(metric === "wall" ? { note: `${chunks} chunks, ${reps} reps` } : {}),
      });
    }
  }
  if ("unavailable" in tools) {
    rows.push({
      scenario: "stream",
      contender: "acpx 0.19",
      metric: "wall",
      unit: "ms",
      note: `unavailable: ${tools.unavailable}`,
    });
  }
  const ratio = medians["acpgate run"]! / medians["direct SDK"]!;
  const targets: TargetResult[] = [
    {
      scenario: "stream",
      target: "acpgate ≤ 1.15× direct (wall)",
      measured: `${ratio.toFixed(2)}×`,
      pass: ratio <= 1.15,
    },
    {
      scenario: "stream",
      target: "acpgate faster than acpx (wall)",
      measured:
        medians["acpx 0.19"] !== undefined
          ? `${medians["acpgate run"]!.toFixed(0)} vs ${medians["acpx 0.19"].toFixed(0)} ms`
          : "acpx unavailable",
      pass:
        medians["acpx 0.19"] !== undefined ? medians["acpgate run"]! < medians["acpx 0.19"] : "n/a",
    },
  ];
  return {
    rows,
    targets,
    raw: { chunks, reps, node, samples: Object.fromEntries(samples) },
  };
}
