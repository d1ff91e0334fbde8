import { runCli as runAcpgate, type CliResult } from "./cli.js";

export type { CliResult };

/** Runs the built `acpgate` CLI as a child process, as CI would (see cli.ts). */
export function runCli(
  args: string[],
  options: { cwd: string; timeoutMs?: number; env?: NodeJS.ProcessEnv },
): Promise<CliResult> {
  return runAcpgate(args, options);
}

/** The JSON events of a `--format json` run, one per line. */
export function jsonEvents(stdout: string): Record<string, unknown>[] {
  return stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
