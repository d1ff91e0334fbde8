import type { z } from "zod";
import type { Role } from "../../config/serverSchema.js";
import {
  answerBody,
  auditQuery,
  createSessionBody,
  decisionBody,
  eventsQuery,
  permissionQuery,
  promotionBody,
  promptBody,
  sessionsQuery,
} from "./apiSchemas.js";

/** One route as the OpenAPI document describes it, with the schemas its handler validates with. */
export interface RouteDoc {
  method: "get" | "post" | "delete";
  /** OpenAPI form: `{id}` for a path parameter. */
  path: string;
  summary: string;
  /** The weakest role that may call it; none: no token needed. */
  role?: Role;
  body?: z.ZodType;
  query?: z.ZodType;
  /** The success status. */
  status: number;
  /** Answers `text/event-stream` (or another non-JSON type). */
  produces?: string;
}

const ID = "/api/agent-sessions/{id}";

/** Every route of the API: the OpenAPI document is generated from this table. */
export const API_ROUTES: readonly RouteDoc[] = [
  { method: "get", path: "/api/health", summary: "liveness; no token", status: 200 },
  {
    method: "get",
    path: "/api/whoami",
    summary: "the token's principal and role",
    role: "viewer",
    status: 200,
  },
  {
    method: "get",
    path: "/api/openapi.json",
    summary: "this document",
    role: "viewer",
    status: 200,
  },
  {
    method: "get",
    path: "/metrics",
    summary: "Prometheus metrics",
    role: "viewer",
    status: 200,
    produces: "text/plain",
  },
  {
    method: "get",
    path: "/api/agents",
    summary: "the agent catalogue (no command lines, env or secret values)",
    role: "viewer",
    status: 200,
  },
  {
    method: "post",
    path: "/api/agents/{id}/doctor",
    summary: "probe the agent now: the capability matrix of `acpgate agents doctor ID`",
    role: "operator",
    status: 200,
  },
  {
    method: "post",
    path: "/api/agent-sessions",
    summary: "start a session (and a first prompt)",
    role: "operator",
    body: createSessionBody,
    status: 201,
  },
  {
    method: "get",
    path: "/api/agent-sessions",
    summary: "sessions, newest first, live and recorded (lost ones too)",
    role: "viewer",
    query: sessionsQuery,
    status: 200,
  },
  { method: "get", path: ID, summary: "one session", role: "viewer", status: 200 },
  {
    method: "post",
    path: `${ID}/prompt`,
    summary: "start a turn; its outcome is in the events",
    role: "operator",
    body: promptBody,
    status: 202,
  },
  {
    method: "get",
    path: `${ID}/events`,
    summary: "Server-Sent Events; resume with Last-Event-ID or ?after=",
    role: "viewer",
    query: eventsQuery,
    status: 200,
    produces: "text/event-stream",
  },
  {
    method: "post",
    path: `${ID}/cancel`,
    summary: "cancel the turn; pending permission requests are answered cancelled",
    role: "operator",
    status: 202,
  },
  { method: "delete", path: ID, summary: "close the session", role: "operator", status: 200 },
  {
    method: "post",
    path: `${ID}/promotions`,
    summary: "move the session to another policy (edit = workspace-write), with a reason",
    role: "approver",
    body: promotionBody,
    status: 200,
  },
  {
    method: "get",
    path: "/api/permission-requests",
    summary: "permission requests waiting for a person",
    role: "viewer",
    query: permissionQuery,
    status: 200,
  },
  {
    method: "get",
    path: "/api/permission-requests/events",
    summary:
      "Server-Sent Events: the pending list (snapshot), then every approval asked or resolved",
    role: "viewer",
    status: 200,
    produces: "text/event-stream",
  },
  {
    method: "post",
    path: "/api/permission-requests/{id}/decision",
    summary: "decide a pending permission request",
    role: "approver",
    body: decisionBody,
    status: 200,
  },
  {
    method: "get",
    path: "/api/questions",
    summary: "agents' questions waiting for a person (extension methods)",
    role: "viewer",
    status: 200,
  },
  {
    method: "post",
    path: "/api/questions/{id}/answer",
    summary: "answer a pending question",
    role: "approver",
    body: answerBody,
    status: 200,
  },
  {
    method: "get",
    path: "/api/audit",
    summary: "audit records in id order, paged with ?after=",
    role: "viewer",
    query: auditQuery,
    status: 200,
  },
  {
    method: "get",
    path: "/api/audit/verify",
    summary: "check the database and the hash chain",
    role: "viewer",
    status: 200,
  },
];
