import type { AuditStore } from "../../audit/auditStore.js";
import { AcpgateError } from "../../util/errors.js";

/**
 * `--session` as `audit list` shows it: a full session id, or a prefix of exactly one
 * recorded session's id (`ses_1a2b3c4d`). An id that matches nothing is returned as given
 * (the filter then matches nothing); a prefix of several is a usage error naming them.
 */
export async function resolveSessionId(
  store: Pick<AuditStore, "listSessions">,
  text: string,
): Promise<string> {
  const ids = (await store.listSessions()).map((session) => session.id);
  if (ids.includes(text)) return text;
  const matches = ids.filter((id) => id.startsWith(text));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1)
    throw new AcpgateError(
      "usage",
      `--session '${text}' matches ${matches.length} sessions: ${matches.slice(0, 5).join(", ")}${matches.length > 5 ? ", …" : ""}`,
    );
  return text;
}
