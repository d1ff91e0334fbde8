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

/**
 * What the live session says of itself, taken before its row is read: the row read waits
 * for the writes of the events before it, so the row is at least as new as these facts
 * (a view never says `ready` over a row that has not heard the turn end).
 */
export function liveFacts(session: Session, pendingPermissions: number): LiveFacts {
  const policy = policyControlOf(session)?.policyName;
  const last = session.log.last;
  return {
    session,
    state: session.state,
    ...(policy !== undefined ? { policy } : {}),
    ...(session.agentSessionId !== undefined ? { agentSessionId: session.agentSessionId } : {}),
    lastEventId: session.log.lastSeq,
    ...(last ? { lastActivityAt: last.time } : {}),
    pendingPermissions,
    ...(session.failure
      ? { failure: { code: session.failure.code, message: session.failure.message } }
      : {}),
  };
}

export interface LiveFacts {
  session: Session;
  state: string;
  policy?: string;
  agentSessionId?: string;
  lastEventId: number;
  lastActivityAt?: string;
  pendingPermissions: number;
  failure?: { code: string; message: string };
}

/** The live session's facts over its row (the row may not be written yet). */
export function liveView(
  { session, ...facts }: LiveFacts,
  row: SessionRow | undefined,
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
  return { ...base, ...facts, policy: facts.policy ?? base.policy, live: true };
}
