import { spawn } from "node:child_process";
import { CLI_PATH } from "./repoRoot.js";

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `acpgate` CLI as a child process, as CI would. */
export function runCli(
  args: string[],
  options: { cwd: string; timeoutMs?: number; env?: NodeJS.ProcessEnv },
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_PATH, ...args], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => (stdout += t));
    child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`acpgate ${args.join(" ")} did not finish\n${stdout}\n${stderr}`));
    }, options.timeoutMs ?? 45_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The JSON events of a `--format json` run, one per line. */
export function jsonEvents(stdout: string): Record<string, unknown>[] {
  return stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
