import { CLI, runCli, type CliResult } from "./cli.js";

/** The built CLI entry point (dist/src/surfaces/cli/main.js). */
export const CLI_MAIN = CLI;
export type { CliResult };

/** Runs `acpgate ARGS` as a child process in `cwd` with exactly `env`. */
export function runAcpgateCli(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; stdin?: string },
): Promise<CliResult> {
  return runCli(args, { cwd: options.cwd, env: options.env, input: options.stdin ?? "" });
}
