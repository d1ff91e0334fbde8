import type { SessionView } from "../server/sessionView.js";
import { REPLICA_LOST } from "./lostReplicaSessions.js";
import type { Replica } from "./replica.js";

/**
 * Session views with where each runs: `replica` names the replica holding a live lease (the
 * session is `live` there, wherever it is read), and a session failed with its replica says
 * so in `failure` (code `replica_lost`).
 */
export async function withReplicas(views: SessionView[], replica: Replica): Promise<SessionView[]> {
  if (views.length === 0) return views;
  const ids = views.map((v) => v.id);
  const leases = await replica.driver.all(
    `SELECT session_id, replica_id FROM session_leases WHERE session_id = ANY(?::text[]) AND expires_at > now()`,
    [ids],
  );
  const lost = await replica.driver.all(
    `SELECT session_id, replica_id FROM lost_sessions WHERE session_id = ANY(?::text[])`,
    [ids],
  );
  const owner = new Map(leases.map((r) => [String(r.session_id), String(r.replica_id)]));
  const gone = new Map(lost.map((r) => [String(r.session_id), String(r.replica_id)]));
  return views.map((view) => {
    const at = owner.get(view.id);
    if (at) return { ...view, live: true, replica: at };
    const was = gone.get(view.id);
    if (was)
      return {
        ...view,
        replica: was,
        failure: {
          code: REPLICA_LOST,
          message: `replica '${was}', which ran the session, stopped renewing its lease`,
        },
      };
    return view;
  });
}
