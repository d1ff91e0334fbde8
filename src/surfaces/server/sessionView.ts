import type { SessionRow } from "../../audit/auditStore.js";
import { policyControlOf } from "../../governance/guardRegistry.js";
import type { Session } from "../../sessions/session.js";
import type { SessionView } from "./apiTypes.js";

export type { SessionView } from "./apiTypes.js";

export const LOST_REASON =
  "the acpgate process that ran it ended without ending the session (restart or crash)";

export function rowView(row: SessionRow): SessionView {
  return {
    id: row.id,
    agentId: row.agentId,
    cwd: row.cwd,
    state: row.state,
    ...(row.policy !== undefined ? { policy: row.policy } : {}),
    ...(row.environment !== undefined ? { environment: row.environment } : {}),
    actor: row.actor,
    surface: row.surface,
    createdAt: row.createdAt,
    ...(row.endedAt !== undefined ? { endedAt: row.endedAt } : {}),
    ...(row.stopReason !== undefined ? { stopReason: row.stopReason } : {}),
    ...(row.agentSessionId !== undefined ? { agentSessionId: row.agentSessionId } : {}),
    ...(row.turns !== undefined ? { turns: row.turns } : {}),
    ...(row.state === "lost" ? { lostReason: LOST_REASON } : {}),
    live: false,
  };
}

/** The live session's facts over its row (the row may not be written yet). */
export function liveView(
  session: Session,
  row: SessionRow | undefined,
  pendingPermissions: number,
): SessionView {
  const base: SessionView = row
    ? rowView(row)
    : {
        id: session.id,
        agentId: session.agentId,
        cwd: session.cwd,
        state: session.state,
        createdAt: session.createdAt.toISOString(),
        live: true,
      };
  const policy = policyControlOf(session)?.policyName ?? base.policy;
  const last = session.log.last;
  return {
    ...base,
    state: session.state,
    ...(policy !== undefined ? { policy } : {}),
    ...(session.agentSessionId !== undefined ? { agentSessionId: session.agentSessionId } : {}),
    lastEventId: session.log.lastSeq,
    ...(last ? { lastActivityAt: last.time } : {}),
    pendingPermissions,
    ...(session.failure
      ? { failure: { code: session.failure.code, message: session.failure.message } }
      : {}),
    live: true,
  };
}
