import type { SessionEventBody } from "./events.js";

/** How the permission requests of a session were answered. */
export interface PermissionStats {
  permissionsAllowed: number;
  permissionsRejected: number;
  permissionsCancelled: number;
}

/** Counts `permission_decided` events: the stats are what the session's events say. */
export class PermissionStatsCounter {
  readonly stats: PermissionStats = {
    permissionsAllowed: 0,
    permissionsRejected: 0,
    permissionsCancelled: 0,
  };

  observe(event: SessionEventBody): void {
    if (event.type !== "permission_decided") return;
    if (event.outcome === "allow") this.stats.permissionsAllowed++;
    else if (event.outcome === "reject") this.stats.permissionsRejected++;
    else this.stats.permissionsCancelled++;
  }
}
