import type { SessionRow } from "../../audit/auditStore.js";
import { policyControlOf } from "../../governance/guardRegistry.js";
import type { Session } from "../../sessions/session.js";

/** A session as the API shows it: its recorded row, with live facts when it runs here. */
export interface SessionView {
  id: string;
  agentId: string;
  cwd: string;
  state: string;
  policy?: string;
  environment?: string;
  actor?: string;
  surface?: string;
  createdAt: string;
  endedAt?: string;
  stopReason?: string;
  agentSessionId?: string;
  turns?: number;
  /** Set on a `lost` session: why it is not running any more. */
  lostReason?: string;
  /** Live sessions: the sequence number of the newest event (resume from here). */
  lastEventId?: number;
  /** Live sessions: permission requests waiting for a person. */
  pendingPermissions?: number;
  /** Live sessions: why it failed. */
  failure?: { code: string; message: string };
  live: boolean;
  /** Replicas (docs/deployment.md): the replica that runs (or ran, when lost) the session. */
  replica?: string;
}

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
  return {
    ...base,
    state: session.state,
    ...(policy !== undefined ? { policy } : {}),
    ...(session.agentSessionId !== undefined ? { agentSessionId: session.agentSessionId } : {}),
    lastEventId: session.log.lastSeq,
    pendingPermissions,
    ...(session.failure
      ? { failure: { code: session.failure.code, message: session.failure.message } }
      : {}),
    live: true,
  };
}
