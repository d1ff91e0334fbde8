import { readdirSync, readFileSync } from "node:fs";

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
