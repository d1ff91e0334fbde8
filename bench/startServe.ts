// A real `acpgate serve` process for the bench, on a free port: its URL and admin token read
// from what it prints, stopped with SIGTERM.
import { spawn } from "node:child_process";
import { ACPGATE_CLI } from "./benchEnv.js";
import { runtimeNodeArgs } from "./runtimes.js";

export interface Served {
  url: string;
  token: string;
  stop(): Promise<void>;
}

/** `acpgate serve --port 0` in `dir`, with `args` after it (e.g. `--replica-id ID`). */
export function startServe(dir: string, args: string[] = []): Promise<Served> {
  const child = spawn(
    process.execPath,
    [...runtimeNodeArgs(), ACPGATE_CLI, "serve", "--port", "0", ...args],
    { cwd: dir, stdio: ["ignore", "pipe", "ignore"] },
  );
  let out = "";
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`acpgate serve exited ${code}`)));
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      out += d;
      const url = /listening on (\S+)/.exec(out)?.[1];
      const token = /admin token[^:]*: (\S+)/.exec(out)?.[1];
      if (!url || !token) return;
      resolve({
        url,
        token,
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners("exit");
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
  });
}
