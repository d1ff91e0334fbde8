import type { Hono } from "hono";
import { DEFAULT_JOURNAL_RETENTION_DAYS } from "../../audit/openAuditStore.js";
import type { Plane } from "../plane.js";
import type { ApprovalDesk } from "../server/approvalDesk.js";
import type { AppEnv } from "../server/appEnv.js";
import type { ForwardedAnswer, ForwardedRequest } from "./replicaForwarder.js";
import { defaultReplicaId, Replica, replicaTimings } from "./replica.js";

/**
 * With `storage: {postgres: URL}`, `acpgate serve` is a replica (one of one, or of many):
 * started here, before the app, so that its first heartbeat has run when requests arrive.
 * With SQLite there is none, and the server is the single process it always was.
 */
export async function startReplica(
  plane: Plane,
  desk: ApprovalDesk,
  id?: string,
): Promise<Replica | undefined> {
  const storage = plane.config.storage;
  if (!("postgres" in storage)) return undefined;
  const config = plane.config.server.replica;
  const replica = new Replica(
    id ?? config.id ?? defaultReplicaId(),
    storage.postgres,
    plane,
    desk,
    replicaTimings(config),
    storage.journalRetentionDays ?? DEFAULT_JOURNAL_RETENTION_DAYS,
  );
  await replica.start();
  plane.logger.info({ replica: replica.id, ...replica.timings }, "replica started");
  return replica;
}

/** A request another replica forwarded, through this replica's own app, as its principal. */
export async function serveForwarded(
  app: Hono<AppEnv>,
  request: ForwardedRequest,
): Promise<ForwardedAnswer> {
  const response = await app.request(
    request.path,
    {
      method: request.method,
      headers: { "content-type": "application/json", "x-request-id": request.requestId },
      ...(request.body !== undefined ? { body: request.body } : {}),
    },
    { acpgateForwarded: request.principal },
  );
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "application/json",
    body: await response.text(),
  };
}
