/**
 * What the HTTP API answers, as types only: the routes are checked against them and the
 * portal (web/) imports them, so this file imports nothing with I/O (only other type leaves).
 */
export type { AuditKind, AuditRecord } from "../../audit/auditRecord.js";
export type { VerifyResult } from "../../audit/verifyResult.js";
export type { SessionEvent } from "../../sessions/events.js";
export type { DoctorReport } from "../cli/doctorReport.js";
import type { QuestionRequest } from "../../protocol/extensionQuestions.js";

export type { QuestionRequest };

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
  /** Live sessions: when the newest event was emitted. */
  lastActivityAt?: string;
  /** Live sessions: permission requests waiting for a person. */
  pendingPermissions?: number;
  /** Live sessions: why it failed. */
  failure?: { code: string; message: string };
  live: boolean;
  /** Replicas (docs/deployment.md): the replica that runs (or ran, when lost) the session. */
  replica?: string;
}

/** `GET /api/agent-sessions`. */
export interface SessionPage {
  items: SessionView[];
  total: number;
  nextOffset?: number;
}

/** A permission request waiting for a person, as the API lists it. */
export interface PendingApproval {
  /** Minted here: never the agent's JSON-RPC id. */
  id: string;
  sessionId: string;
  agentId: string;
  /** The request's id in the session's events (`permission_asked`) and audit records. */
  permissionRequestId?: string;
  title: string;
  toolCallId?: string;
  kinds: string[];
  paths: string[];
  command?: string;
  /** The rule that asked, and why. */
  ruleId: string;
  reason: string;
  optionKinds: string[];
  askedAt: string;
  expiresAt: string;
}

/** How a pending approval left the list (`GET /api/permission-requests/events`). */
export interface ApprovalResolution {
  outcome: "allow" | "reject" | "cancelled";
  /** The deciding principal (`token:alice`), `timeout`, or absent when cancelled. */
  decidedBy?: string;
  reason: string;
}

/** One frame of `GET /api/permission-requests/events` (`event:` is `change`). */
export type ApprovalChange =
  | { change: "asked"; approval: PendingApproval }
  | { change: "resolved"; approval: PendingApproval; resolution: ApprovalResolution };

/** One agent of `GET /api/agents`: never its command line, environment or secret values. */
export interface AgentItem {
  id: string;
  name: string;
  description: string;
  available: boolean;
  dialect: string;
  fileAccess: "client" | "self";
  modes: { id: string; posture: string | null }[];
  defaultMode: string | null;
  authMethods: string[];
  secretNames: string[];
}

/** `GET /api/whoami`: the token's principal, so a page shows only what the role may do. */
export interface WhoAmI {
  /** `token:<name>`, as audit records name it. */
  principal: string;
  name: string;
  role: "viewer" | "operator" | "approver" | "admin";
}

/** `GET /api/questions`: an agent's question (extension methods) waiting for a person. */
export interface QuestionView {
  id: string;
  sessionId: string;
  agentId: string;
  request: QuestionRequest;
  askedAt: string;
  expiresAt: string;
}
