import type { ClientCapabilities } from "@agentclientprotocol/sdk";

/**
 * Whether a raw `session/update` may reach the editor: everything does, variants unknown to
 * acpgate included, except `notice` and `compaction_*` updates, which go only to an editor
 * that advertised `session.notices` / `session.compaction` (schema v1.25).
 */
export function updateAllowed(params: unknown, editor: ClientCapabilities | undefined): boolean {
  const kind = (params as { update?: { sessionUpdate?: unknown } } | undefined)?.update
    ?.sessionUpdate;
  if (typeof kind !== "string") return true;
  const session = (editor as { session?: Record<string, unknown> } | undefined)?.session;
  if (kind === "notice") return advertises(session?.notices);
  if (kind.startsWith("compaction_")) return advertises(session?.compaction);
  return true;
}

/** `{}` (or `true`) advertises; omitted, `null` and `false` do not. */
function advertises(value: unknown): boolean {
  return value === true || (typeof value === "object" && value !== null);
}
