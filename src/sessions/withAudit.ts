import { registerSecret } from "../audit/redactor.js";
import type { AuditContext } from "./auditContext.js";
import { AuditingGuard } from "./auditingGuard.js";
import { SessionRecorder } from "./sessionRecorder.js";
import type { SessionManagerDeps } from "./sessionManager.js";

/**
 * Session manager dependencies with the audit woven in: whatever guard `deps.guardFor`
 * builds is wrapped in an AuditingGuard, every new session gets a SessionRecorder, and the
 * secret values handed to agents are registered with the redactor.
 */
export function withAudit(deps: SessionManagerDeps, audit: AuditContext): SessionManagerDeps {
  return {
    ...deps,
    guardFor: (request, entry) => {
      for (const value of Object.values(request.secrets ?? {})) registerSecret(value);
      return new AuditingGuard(deps.guardFor(request, entry), audit);
    },
    onSessionCreated: (session, request) => {
      deps.onSessionCreated?.(session, request);
      new SessionRecorder(session, audit);
    },
  };
}
