import { hostname } from "node:os";

/**
 * The acpgate process that runs a session, stamped on its `sessions` row: with the host and
 * the process's start time, a pid names one process even after the system reuses the number
 * for a new acpgate (a restarted container's acpgate is often pid 1 again).
 */
export interface SessionOwner {
  pid: number;
  host: string;
  /** ISO time this process started. */
  startedAt: string;
}

export const THIS_PROCESS: SessionOwner = {
  pid: process.pid,
  host: hostname(),
  startedAt: new Date(Math.round(performance.timeOrigin)).toISOString(),
};
