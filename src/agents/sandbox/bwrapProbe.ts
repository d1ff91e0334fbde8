import { spawn, spawnSync } from "node:child_process";

export type BwrapProbe = { ok: true; path: string } | { ok: false; reason: string };

const cache = new Map<string, BwrapProbe>();
const running = new Map<string, Promise<BwrapProbe>>();
const ARGS = [
  "--unshare-pid",
  "--die-with-parent",
  "--ro-bind",
  "/",
  "/",
  "--proc",
  "/proc",
  "true",
];
const TIMEOUT_MS = 5000;

/** The bubblewrap acpgate runs: `ACPGATE_BWRAP`, else `bwrap` on PATH. */
export function bwrapPathOf(env: NodeJS.ProcessEnv): string {
  return env.ACPGATE_BWRAP || "bwrap";
}

const outcome = (
  path: string,
  status: number | null,
  signal: NodeJS.Signals | null,
  stderr: string,
): BwrapProbe =>
  status === 0
    ? { ok: true, path }
    : { ok: false, reason: `${path} exited with ${status ?? signal}: ${stderr.trim()}` };

/**
 * Whether bubblewrap works here, asked once per process and path (`bwrap` on PATH, or
 * `ACPGATE_BWRAP`), run with the namespaces the sandbox uses. It fails where bwrap is
 * missing or user namespaces are off. Blocks while bwrap runs (~15 ms); where a caller can
 * wait, `probeBwrapAsync` asks the same without blocking (and this returns its answer).
 */
export function probeBwrap(path = "bwrap"): BwrapProbe {
  const known = cache.get(path);
  if (known) return known;
  const result = spawnSync(path, ARGS, {
    encoding: "utf8",
    timeout: TIMEOUT_MS,
    stdio: ["ignore", "ignore", "pipe"],
  });
  const probed = result.error
    ? { ok: false as const, reason: `${path}: ${result.error.message}` }
    : outcome(path, result.status, result.signal, result.stderr);
  cache.set(path, probed);
  return probed;
}

/**
 * The same probe as a child the event loop waits for: started as soon as a session may need
 * the sandbox, it runs while the plane does its other start-up work. One per process and path.
 */
export function probeBwrapAsync(path = "bwrap"): Promise<BwrapProbe> {
  const known = cache.get(path);
  if (known) return Promise.resolve(known);
  let probe = running.get(path);
  if (probe) return probe;
  probe = new Promise<BwrapProbe>((resolve) => {
    let stderr = "";
    let settled = false;
    // Not spawn's own `timeout`: its timer is cleared only on 'exit', which a program that
    // cannot start (bwrap missing: 'error', ENOENT) never emits, so it held every command
    // that had finished for the rest of the 5 s. This one ends with the probe, however it ends.
    const timer = setTimeout(() => {
      stderr += `no answer within ${TIMEOUT_MS} ms`;
      child.kill("SIGKILL");
    }, TIMEOUT_MS);
    const settle = (probed: BwrapProbe): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      running.delete(path);
      if (!cache.has(path)) cache.set(path, probed);
      resolve(cache.get(path)!);
    };
    const child = spawn(path, ARGS, { stdio: ["ignore", "ignore", "pipe"] });
    child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
    child.once("error", (error) => settle({ ok: false, reason: `${path}: ${error.message}` }));
    child.once("close", (status, signal) => settle(outcome(path, status, signal, stderr)));
  });
  running.set(path, probe);
  return probe;
}
