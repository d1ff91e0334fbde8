import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The built CLI entry point (dist/src/surfaces/cli/main.js). */
export const CLI_MAIN = fileURLToPath(new URL("../../src/surfaces/cli/main.js", import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `acpgate ARGS` as a child process in `cwd` with exactly `env`. */
export function runAcpgateCli(
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; stdin?: string },
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_MAIN, ...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? "");
  });
}
