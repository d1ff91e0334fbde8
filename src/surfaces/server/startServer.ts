import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { Logger } from "../../audit/logger.js";
import { parseDuration } from "../../util/duration.js";
import type { Plane } from "../plane.js";
import { ApprovalDesk } from "./approvalDesk.js";
import type { SseOptions } from "./appDeps.js";
import { createApp } from "./createApp.js";
import { newToken, TokenRegistry } from "./tokens.js";
import { startReplica, serveForwarded } from "../replicas/startReplica.js";

export interface RunningServer {
  url: string;
  /** Set when no token is configured: an admin token valid for this process only. */
  oneTimeToken?: string;
  /** Stops accepting sessions and connections, closes running sessions with `reason`, flushes the audit. */
  drain(reason: string): Promise<void>;
}

/**
 * `acpgate serve` without the command line: the plane's store opened (sessions a dead
 * server left behind marked `lost`), the app on @hono/node-server at host:port.
 */
export async function startServer(options: {
  plane: Plane;
  host: string;
  port: number;
  logger: Logger;
  sse?: SseOptions;
  /** With `storage: {postgres}`: this replica's id (default hostname-pid). */
  replicaId?: string;
}): Promise<RunningServer> {
  const { plane, logger } = options;
  await plane.audit.open();
  const lost = await plane.audit.markLostSessions();
  for (const session of lost)
    logger.warn(
      { sessionId: session.id, previousState: session.previousState },
      "session lost in a restart",
    );
  const tokens = new TokenRegistry(plane.config.server.tokens);
  let oneTimeToken: string | undefined;
  if (tokens.size === 0) {
    oneTimeToken = newToken();
    tokens.add(oneTimeToken, "admin-once", "admin");
  }
  const timeout = plane.config.server.approvalTimeout;
  const desk = new ApprovalDesk(
    typeof timeout === "number" ? timeout * 1000 : parseDuration(timeout, "server.approvalTimeout"),
  );
  let draining = false;
  const replica = await startReplica(plane, desk, options.replicaId);
  const app = createApp({
    plane,
    tokens,
    desk,
    logger,
    draining: () => draining,
    ...(options.sse ? { sse: options.sse } : {}),
    ...(replica ? { replica } : {}),
  });
  replica?.forwarder.serve((request) => serveForwarded(app, request));
  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: options.host, port: options.port }, () =>
      resolve(s),
    );
    s.once("error", reject);
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    ...(oneTimeToken ? { oneTimeToken } : {}),
    drain: async (reason) => {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A replica lets running turns finish (up to its drain deadline), then `replica_draining`.
      if (replica) await replica.drain();
      await Promise.all(plane.manager.list().map((s) => s.close(reason).catch(() => undefined)));
      // Event streams end with their sessions; anything left (idle keep-alive) is cut.
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      await closed;
      await plane.dispose();
    },
  };
}
