import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { CLI, runCli as runAcpgate } from "./cli.js";

export { CLI };

export function fixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs `acpgate ARGS` in `cwd` and collects its output. */
export function startCli(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): {
  child: ChildProcess;
  done: Promise<CliResult>;
} {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<CliResult>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

export function runCli(args: string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<CliResult> {
  return runAcpgate(args, { cwd, ...(env ? { env } : {}) });
}
