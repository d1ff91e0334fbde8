import { readdirSync, readFileSync } from "node:fs";

/** Sends a signal to the process group led by `pid`; a group already gone is not an error. */
export function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      /* gone */
    }
  }
}

/**
 * True while any process of the group led by `pid` still runs. A member already dead but not
 * yet reaped (a zombie) does not count: an agent's grandchild, orphaned when the group is
 * killed, is reaped by PID 1, and some PID 1s (container inits) take a second or more to do it.
 */
export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
  } catch {
    return false;
  }
  return liveMemberOnLinux(pid) ?? true;
}

/** Whether /proc lists a member of group `pgid` that is not a zombie; undefined without /proc. */
function liveMemberOnLinux(pgid: number): boolean | undefined {
  if (process.platform !== "linux") return undefined;
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    if (entry.charCodeAt(0) > 57) continue; // not a pid
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "latin1");
    } catch {
      continue; // exited meanwhile
    }
    // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) === pgid && fields[0] !== "Z") return true;
  }
  return false;
}
