// `npm run bench`: every scenario against its baseline in one run; prints a table and the
// targets, writes bench/results.json. `--quick` (or ACPGATE_BENCH_QUICK=1) for a short run;
// `--only stream,startup` to pick scenarios.
import { writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { availableParallelism } from "node:os";
import { benchOptions, QUICK_RESULTS_FILE, RESULTS_FILE } from "./benchEnv.js";
import { auditScenario } from "./auditScenario.js";
import { decisionScenario } from "./decisionScenario.js";
import { fanoutScenario } from "./fanoutScenario.js";
import { printTable, type Row, type TargetResult } from "./report.js";
import { startupScenario } from "./startupScenario.js";
import { sandboxScenario } from "./sandboxScenario.js";
import { streamScenario } from "./streamScenario.js";
import { teardownScenario } from "./teardownScenario.js";

type Scenario = (
  options: ReturnType<typeof benchOptions>,
) => Promise<{ rows: Row[]; targets: TargetResult[]; raw: unknown }>;

const SCENARIOS: Record<string, Scenario> = {
  stream: streamScenario,
  startup: startupScenario,
  teardown: teardownScenario,
  "fan-out": fanoutScenario,
  decision: decisionScenario,
  audit: auditScenario,
  sandbox: sandboxScenario,
  proxy: (await import("./proxyScenario.js")).proxyScenario,
};

const options = benchOptions(process.argv.slice(2));
const machine = {
  date: new Date().toISOString(),
  cpus: availableParallelism(),
  cpuModel: cpus()[0]?.model ?? "unknown",
  memGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  quick: options.quick,
  /** 1-minute load average before the run and after each scenario: a shared machine shows here. */
  loadavg: [Number(loadavg()[0]!.toFixed(2))],
};
const rows: Row[] = [];
const targets: TargetResult[] = [];
const raw: Record<string, unknown> = {};
const started = Date.now();
for (const [name, scenario] of Object.entries(SCENARIOS)) {
  if (options.only.length && !options.only.includes(name)) continue;
  process.stderr.write(`bench: ${name}…\n`);
  const result = await scenario(options);
  rows.push(...result.rows);
  targets.push(...result.targets);
  raw[name] = result.raw;
  machine.loadavg.push(Number(loadavg()[0]!.toFixed(2)));
}
const table = printTable(rows, targets);
process.stdout.write(
  `acpgate bench — ${machine.date}, ${machine.cpus} × ${machine.cpuModel}, ${machine.memGiB} GiB, Node ${machine.node}, load ${machine.loadavg.join("→")}${options.quick ? " (quick)" : ""}, ${((Date.now() - started) / 1000).toFixed(0)} s\n\n${table}\n`,
);
const resultsFile = options.quick || options.only.length ? QUICK_RESULTS_FILE : RESULTS_FILE;
writeFileSync(resultsFile, JSON.stringify({ machine, rows, targets, raw }, null, 2) + "\n");
process.stderr.write(`bench: wrote ${resultsFile}\n`);
