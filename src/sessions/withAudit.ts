import type { AuditContext } from "./auditContext.js";
import { AuditingGuard } from "./auditingGuard.js";
import { SessionRecorder } from "./sessionRecorder.js";
import type { SessionManagerDeps } from "./sessionManager.js";

/**
 * Session manager dependencies with the audit woven in: whatever guard `deps.guardFor`
 * builds is wrapped in an AuditingGuard and every new session gets a SessionRecorder. (Secret
 * values need no registering here: the broker records each one it hands out in the registry
 * the audit masks with.)
 */
export function withAudit(deps: SessionManagerDeps, audit: AuditContext): SessionManagerDeps {
  return {
    ...deps,
    guardFor: (request, entry) => new AuditingGuard(deps.guardFor(request, entry), audit),
    onSessionCreated: (session, request) => {
      deps.onSessionCreated?.(session, request);
      new SessionRecorder(session, audit);
    },
  };
}
