import type { AuditStore, SessionRow } from "../../audit/auditStore.js";

/** acpgate's own session ids; a `--name` may not look like one (see runName.ts). */
export const SESSION_ID_PREFIX = "ses_";

/** A recorded session by its full id (`ses_…`) or the name its run was given (`--name`). */
export async function findSession(
  store: Pick<AuditStore, "getSession" | "listSessions">,
  ref: string,
): Promise<SessionRow | undefined> {
  if (ref.startsWith(SESSION_ID_PREFIX)) return store.getSession(ref);
  return (await store.listSessions({ name: ref, limit: 1 }))[0];
}
