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

import { readFileSync } from "node:fs";
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
