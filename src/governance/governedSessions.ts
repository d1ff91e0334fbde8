import { dialectFor } from "../agents/dialects/dialects.js";
import type { AgentEntry } from "../config/agentSchema.js";
import { DialectRouter } from "../protocol/dialectRouter.js";
import { PassThroughRouter, type PassThrough } from "../protocol/passThroughRouter.js";
import type { CreateSessionRequest, SessionManagerDeps } from "../sessions/sessionManager.js";
import type { AskQuestion } from "../protocol/extensionQuestions.js";
import type { Approver } from "./approver.js";
import type { ClientTerminals } from "./clientTerminals.js";
import type { ClientFiles } from "./guardedWorkspace.js";
import type { AuditContext } from "./auditContext.js";
import { AuditingGuard } from "./auditingGuard.js";
import { GovernedGuard } from "./governedGuard.js";
import type { Guard } from "./guard.js";
import type { PendingQuestions } from "./pendingQuestions.js";
import { questionDesk } from "./questionDesk.js";
import { SessionRecorder } from "./sessionRecorder.js";

/** A session request with what governance adds per session: who answers `ask`, what is recorded. */
export interface GovernedRequest extends CreateSessionRequest {
  /** Who answers `ask` (a portal user's desk, an editor); none: the policy's `unattendedAsk`. */
  approver?: Approver;
  /** Who serves allowed fs/* calls instead of the disk (an editor's buffers). */
  clientFiles?: ClientFiles;
  /** Who runs allowed terminals instead of acpgate (an editor's), unless the agent is sandboxed. */
  clientTerminals?: ClientTerminals;
  /** Who answers the agent's blocking questions (an editor's elicitation); unset: `questions`. */
  answerer?: AskQuestion;
  /** Standard client methods handed to the surface (an editor's elicitation). */
  passThrough?: PassThrough;
  /** Recorded on the session's row (`acpgate run --name`); unique per store. */
  name?: string;
  /** A recorded session this one continues (`run --resume`): its id, and the mode to restore. */
  resumed?: { from: string; mode?: string };
  /** The HTTP request that created the session: on the audit's `session_started` record. */
  requestId?: string;
}

export interface GovernanceDeps extends Omit<
  SessionManagerDeps<GovernedRequest>,
  "guardFor" | "extensionsFor" | "onSessionCreated"
> {
  /** The bottom of the chain for a session: its policy guard (or a test's guard). */
  chainFor: (request: GovernedRequest, entry: AgentEntry) => Guard;
  /**
   * The store, journal and surface; `actor` is the default for requests that name none.
   * Without one, sessions are governed but not audited (a probe such as `agents doctor`).
   */
  audit: AuditContext | undefined;
  /** Where attended sessions' questions wait for a person. */
  questions: PendingQuestions;
  /** The name of the policy a request runs under (recorded on the session's row). */
  policyNameOf?: (request: GovernedRequest) => string;
}

/**
 * Session manager dependencies with governance woven in, per session: the chain
 * (policy → audit) behind one GovernedGuard, a SessionRecorder, and a dialect router whose
 * questions go to `questions` — each with the session's own actor.
 */
export function governedSessions(deps: GovernanceDeps): SessionManagerDeps<GovernedRequest> {
  const { chainFor, audit, questions, policyNameOf, ...rest } = deps;
  const auditFor = (request: GovernedRequest, base: AuditContext): AuditContext => ({
    ...base,
    actor: request.actor ?? base.actor,
  });
  return {
    ...rest,
    guardFor: (request, entry) => {
      const chain = chainFor(request, entry);
      return new GovernedGuard(audit ? new AuditingGuard(chain, auditFor(request, audit)) : chain);
    },
    extensionsFor: (entry, request) => {
      const dialect = new DialectRouter(dialectFor(entry.dialect, request.agentId), {
        ask: questionDesk(entry.extensions, questions, request.answerer),
      });
      return request.passThrough ? new PassThroughRouter(dialect, request.passThrough) : dialect;
    },
    onSessionCreated: (session, request) => {
      if (audit)
        new SessionRecorder(session, auditFor(request, audit), {
          name: request.name,
          policy: policyNameOf?.(request) ?? request.policy,
          environment: request.environment,
          resumedFrom: request.resumed?.from,
          ...(request.requestId ? { httpRequestId: request.requestId } : {}),
        });
    },
  };
}
