import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { SELF_USAGE } from "./benchEnv.js";

export interface Measured {
  wallMs: number;
  /** The client process's own user+sys time (its agent child is not counted). */
  cpuMs: number;
  maxRssMiB: number;
  stdoutBytes: number;
  exitCode: number | null;
  stderr: string;
}

/**
 * Runs one Node client process with the usage preload and measures it from outside (wall)
 * and inside (CPU, peak RSS). stdout is counted, not kept.
 */
export async function runMeasured(
  node: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), "acpgate-bench-"));
  const usageFile = join(dir, "usage.json");
  const started = performance.now();
  const child = spawn(node, ["--import", `file://${SELF_USAGE}`, ...args], {
    cwd: options.cwd,
    env: { ...sameForAll(process.env), ...options.env, ACPGATE_BENCH_USAGE: usageFile },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdoutBytes = 0;
  let stderr = "";
  child.stdout.on("data", (data: Buffer) => (stdoutBytes += data.length));
  child.stderr.on("data", (data: Buffer) => {
    if (stderr.length < 4000) stderr += data.toString();
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 120_000);
  const exitCode = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const wallMs = performance.now() - started;
  clearTimeout(timer);
  let usage = { cpuMs: Number.NaN, maxRssMiB: Number.NaN };
  try {
    usage = JSON.parse(readFileSync(usageFile, "utf8")) as typeof usage;
  } catch {
    /* the client died before writing it: the exit code tells */
  }
  rmSync(dir, { recursive: true, force: true });
  return { wallMs, ...usage, stdoutBytes, exitCode, stderr };
}

/**
 * The clients' environment, minus what would make one contender's agent start slower than
 * another's: acpgate hands its agent a safelisted env, bare clients and acpx pass theirs on,
 * and NODE_EXTRA_CA_CERTS alone adds ~60 ms to a Node agent's startup.
 */
function sameForAll(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_EXTRA_CA_CERTS: _certs, NODE_OPTIONS: _options, ...rest } = env;
  return rest;
}
