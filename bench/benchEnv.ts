import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildAgentEnv } from "../src/inputs/agentEnv.js";

/** Where things are, relative to this compiled file (dist/bench/). */
const here = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(here, "../..");
export const DIST_BENCH = here;
export const RAW_AGENT = join(here, "rawAgent.js");
export const DIRECT_CLIENT = join(here, "directClient.js");
export const SELF_USAGE = join(here, "selfUsage.js");
export const ACPGATE_CLI = join(REPO_ROOT, "dist/src/surfaces/cli/main.js");
export const TICK_AGENT_PL = join(REPO_ROOT, "bench/tickAgent.pl");
/** Full runs write results.json (committed with docs/bench.md); quick runs their own file. */
export const RESULTS_FILE = join(REPO_ROOT, "bench/results.json");
export const QUICK_RESULTS_FILE = join(REPO_ROOT, "bench/results.quick.json");

export interface BenchOptions {
  quick: boolean;
  only: string[];
  /** Node majors to run on (`--runtimes 20,22`); empty: all of them. */
  runtimes: number[];
}

/** `--quick` or ACPGATE_BENCH_QUICK=1: fewer repetitions and smaller loads (about a minute). */
export function benchOptions(argv: string[]): BenchOptions {
  const quick = argv.includes("--quick") || process.env.ACPGATE_BENCH_QUICK === "1";
  const onlyIndex = argv.indexOf("--only");
  const only = onlyIndex >= 0 ? (argv[onlyIndex + 1] ?? "").split(",").filter(Boolean) : [];
  const runtimesIndex = argv.indexOf("--runtimes");
  const runtimes =
    runtimesIndex >= 0
      ? (argv[runtimesIndex + 1] ?? "").split(",").filter(Boolean).map(Number)
      : [];
  return { quick, only, runtimes };
}

/**
 * The environment acpgate gives an agent (safelist only), for the baselines' agents too, so
 * that both sides start the same agent (NODE_EXTRA_CA_CERTS alone costs ~60 ms of startup).
 */
export function agentEnv(): Record<string, string> {
  return buildAgentEnv({ planeEnv: process.env, passEnv: [], values: {} });
}
