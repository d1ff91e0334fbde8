import { readdirSync, readFileSync } from "node:fs";

/** True while a process with this pid exists and is not a zombie. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // A zombie still answers kill(0); its state in /proc says Z.
    const stat = readStat(pid);
    return !stat.includes(") Z");
  } catch {
    return false;
  }
}

function readStat(pid: number): string {
  return readFileSync(`/proc/${pid}/stat`, "utf8");
}

/** Waits until none of `pids` is alive, or fails after `ms`. */
export async function waitGone(pids: number[], ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (pids.every((pid) => !isAlive(pid))) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const alive = pids.filter(isAlive);
  throw new Error(`processes still alive after ${ms} ms: ${alive.join(", ")}`);
}

/**
 * Pids of live processes whose environment has a variable `NAME=VALUE` with VALUE starting
 * with `prefix` (Linux /proc). Real agents run with HOME in a temp dir of the test, so this
 * finds anything an agent left behind, including grandchildren that changed process group.
 */
export function pidsWithEnv(name: string, prefix: string): number[] {
  const needle = `${name}=${prefix}`;
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, "utf8");
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      if (/^State:\s+Z/m.test(status)) continue;
      if (environ.split("\0").some((v) => v.startsWith(needle))) pids.push(Number(entry));
    } catch {
      /* gone, or not ours */
    }
  }
  return pids;
}

/** Waits up to `ms` for no process to match; returns the survivors (empty when clean). */
export async function noProcessWithEnv(name: string, prefix: string, ms = 5000): Promise<number[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const pids = pidsWithEnv(name, prefix);
    if (pids.length === 0 || Date.now() > deadline) return pids;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
