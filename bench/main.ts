// `npm run bench`: every scenario on Node 20 and on Node 22 (acpgate, the bare client and acpx
// on the same Node in each pairing), each against its baseline; prints a table per runtime
// and the targets judged per runtime, writes bench/results.json. `--quick` (or
// ACPGATE_BENCH_QUICK=1) for a short run; `--only stream,one-shot` to pick scenarios;
// `--runtimes 22` to pick runtimes. Each scenario runs in a child process on its runtime,
// runtimes alternating scenario by scenario so that drift of a shared machine hits both.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { benchOptions, QUICK_RESULTS_FILE, RESULTS_FILE } from "./benchEnv.js";
import { runScenarios, SCENARIO_NAMES, type ScenarioResult } from "./scenarios.js";
import { printTable, printTargetsByRuntime, type Row, type TargetResult } from "./report.js";
import { benchRuntimes, RUNTIME_MAJORS, SQLITE_HOOK, type Runtime } from "./runtimes.js";

const run = promisify(execFile);
const options = benchOptions(process.argv.slice(2));
const childAt = process.argv.indexOf("--child");
if (childAt >= 0) {
  // A bench child: the scenarios named by --only, on this node; the result to the file given.
  const result = await runScenarios(options);
  writeFileSync(process.argv[childAt + 1]!, JSON.stringify(result));
  process.exit(0);
}

const started = Date.now();
const load = (): number => Number(loadavg()[0]!.toFixed(2));
const machine = {
  date: new Date().toISOString(),
  cpus: availableParallelism(),
  cpuModel: cpus()[0]?.model ?? "unknown",
  memGiB: Math.round(totalmem() / 2 ** 30),
  quick: options.quick,
  /** 1-minute load average before the run and after each scenario: a shared machine shows here. */
  loadavg: [load()],
  seconds: 0,
};
const majors = options.runtimes.length ? options.runtimes : [...RUNTIME_MAJORS];
const all = await benchRuntimes(majors);
const runtimes = all.filter((r): r is Runtime => "node" in r);
for (const gap of all) {
  if ("unavailable" in gap)
    process.stderr.write(`bench: ${gap.name} unavailable: ${gap.unavailable}\n`);
}
const scenarios = SCENARIO_NAMES.filter((n) => !options.only.length || options.only.includes(n));
const results = new Map<
  string,
  { rows: Row[]; targets: TargetResult[]; raw: Record<string, unknown> }
>(runtimes.map((r) => [r.name, { rows: [], targets: [], raw: {} }]));
const work = mkdtempSync(join(tmpdir(), "acpgate-bench-main-"));
for (const [index, scenario] of scenarios.entries()) {
  const order = index % 2 === 0 ? runtimes : [...runtimes].reverse();
  for (const runtime of order) {
    process.stderr.write(`bench: ${scenario} on ${runtime.name} (${runtime.version})…\n`);
    // The previous scenario's writes (fan-out's thousand sessions) are flushed to disk first,
    // so that they do not land in the next one's fsyncs (the decision scenario times them).
    await run("sync", []).catch(() => undefined);
    const out = join(work, `${runtime.name}-${scenario}.json`);
    const hook = runtime.env.ACPGATE_BENCH_SQLITE ? ["--import", `file://${SQLITE_HOOK}`] : [];
    const args = [...hook, process.argv[1]!, "--child", out, "--only", scenario];
    if (options.quick) args.push("--quick");
    const child = run(runtime.node, args, {
      env: { ...process.env, ...runtime.env },
      maxBuffer: 64 * 1024 * 1024,
    });
    child.child.stderr?.pipe(process.stderr);
    await child;
    const result = JSON.parse(readFileSync(out, "utf8")) as ScenarioResult;
    const into = results.get(runtime.name)!;
    into.rows.push(...result.rows);
    into.targets.push(...result.targets);
    into.raw[scenario] = result.raw[scenario];
  }
  machine.loadavg.push(load());
}
rmSync(work, { recursive: true, force: true });
machine.seconds = Math.round((Date.now() - started) / 1000);
let text = `acpgate bench — ${machine.date}, ${machine.cpus} × ${machine.cpuModel}, ${machine.memGiB} GiB, load ${machine.loadavg.join("→")}${options.quick ? " (quick)" : ""}, ${machine.seconds} s\n`;
for (const runtime of runtimes) {
  const r = results.get(runtime.name)!;
  text += `\n## Node ${runtime.version}\n\n${printTable(r.rows, r.targets)}\n`;
}
text += `\n## Targets by runtime\n\n${printTargetsByRuntime(runtimes.map((r) => ({ runtime: `Node ${r.version}`, targets: results.get(r.name)!.targets })))}\n`;
process.stdout.write(text);
const resultsFile = options.quick || options.only.length ? QUICK_RESULTS_FILE : RESULTS_FILE;
const byRuntime = Object.fromEntries(
  runtimes.map((r) => [r.name, { node: r.version, ...results.get(r.name)! }]),
);
writeFileSync(resultsFile, JSON.stringify({ machine, runtimes: byRuntime }, null, 2) + "\n");
process.stderr.write(`bench: wrote ${resultsFile}\n`);
