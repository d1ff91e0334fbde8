import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_S = 100;

/**
 * CPU seconds (user + system) used so far by this process's direct children, from
 * /proc/<pid>/task/<tid>/children and /proc/<child>/stat; undefined where /proc offers none.
 * The fan-out agents are children of the bench process in both modes.
 */
export function childrenCpuSeconds(): number | undefined {
  try {
    let ticks = 0;
    for (const tid of readdirSync(`/proc/${process.pid}/task`)) {
      const children = readFileSync(`/proc/${process.pid}/task/${tid}/children`, "utf8");
      for (const pid of children.split(" ").filter(Boolean)) ticks += cpuTicksOf(pid);
    }
    return ticks / TICKS_PER_S;
  } catch {
    return undefined;
  }
}

function cpuTicksOf(pid: string): number {
  try {
    // Fields after the command (which may hold spaces): state is field 3, utime 14, stime 15.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // exited meanwhile
  }
}
