import { spawn, type ChildProcess } from "node:child_process";
import { CLI } from "./cli.js";

export interface ServeProcess {
  url: string;
  /** The one-time admin token, when no token is configured. */
  oneTimeToken?: string;
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Sends `signal` and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** `acpgate serve --port 0 ARGS` as a real process in `cwd`; resolves once it listens. */
export function startServe(
  cwd: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI, "serve", "--port", "0", ...args], {
    cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`acpgate serve did not start\nstdout: ${out}\nstderr: ${err}`));
    }, 30_000);
    void exited.then((code) => reject(new Error(`acpgate serve exited ${code}\nstderr: ${err}`)));
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      out += d;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (!url || (/admin token/.test(out) && !/token create/.test(out))) return;
      clearTimeout(timer);
      const token = /admin token[^:]*: (acpg_\S+)/.exec(out)?.[1];
      resolve({
        url,
        ...(token ? { oneTimeToken: token } : {}),
        child,
        stdout: () => out,
        stderr: () => err,
        stop: async (signal = "SIGTERM") => {
          if (child.exitCode === null) child.kill(signal);
          return exited;
        },
      });
    });
  });
}
