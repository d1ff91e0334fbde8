import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The compiled CLI entry point. */
export const CLI = fileURLToPath(new URL("../../src/surfaces/cli/main.js", import.meta.url));
export const FIXTURES = fileURLToPath(new URL("../fixtures/", import.meta.url));

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  pid: number | undefined;
}

/** Runs `acpgate ARGS` as a real child process; resolves when it exits. */
export function runCli(
  args: string[],
  options: {
    cwd?: string;
    input?: string;
    env?: NodeJS.ProcessEnv;
    timeoutMs?: number;
    /**
     * Run bound by file permissions even as root: without CAP_DAC_OVERRIDE and
     * CAP_DAC_READ_SEARCH (setpriv), so a 0444 file is read-only and a 0000 one unreadable —
     * also for the owner, wherever the checkout lives (another user could not enter a 0700 one).
     */
    boundByPermissions?: boolean;
  } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const [command, argv] = cliCommand(args, options.boundByPermissions === true);
    const child = spawn(command, argv, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(
        new Error(
          `acpgate ${args.join(" ")} did not exit in time\nstdout: ${stdout.slice(-2000)}\nstderr: ${stderr.slice(-2000)}`,
        ),
      );
    }, options.timeoutMs ?? 60_000);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, pid: child.pid });
    });
    child.stdin.end(options.input ?? "");
  });
}

/** The objects of `--json` output: JSON Lines, one object a line (docs/cli.md). */
export function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The CLI's command line; `boundByPermissions` drops root's file-permission override. */
export function cliCommand(args: string[], boundByPermissions = false): [string, string[]] {
  if (!boundByPermissions || process.getuid?.() !== 0) return [process.execPath, [CLI, ...args]];
  return [
    "setpriv",
    ["--bounding-set=-dac_override,-dac_read_search", process.execPath, CLI, ...args],
  ];
}
