import { CONFIG_FLAG } from "./commandSpec.js";
import { defineCommand } from "./defineCommand.js";

export const SERVE_FLAGS = {
  port: {
    type: "string",
    arg: "N",
    help: "port to listen on (default: server.port, 7070; 0 picks a free one)",
  },
  host: { type: "string", arg: "HOST", help: "address to bind (default: server.host, 127.0.0.1)" },
  "replica-id": {
    type: "string",
    arg: "ID",
    help: "with storage: {postgres}, this replica's id (default: server.replica.id, else hostname-pid)",
  },
  config: CONFIG_FLAG,
} as const;

export const SERVE = defineCommand({
  name: "serve",
  summary: "the HTTP API: sessions, live events, approvals, audit (docs/server.md)",
  description: `Serves the HTTP API (docs/server.md) on 127.0.0.1 unless configured: agent sessions driven
over HTTP, their events as Server-Sent Events, permission requests waiting for a person,
promotions, questions and the audit. Every route but /api/health needs a bearer token from
server.tokens (made with token create). With no token configured, a one-time admin token is
printed at start. Logs one JSON line per request on stderr. SIGTERM drains: no new
sessions, running ones closed, the audit flushed. With storage: {postgres: URL}, each
serve is a replica: several share sessions, approvals, events and audit through that
PostgreSQL, any of them answering any request (docs/deployment.md).`,
  flags: SERVE_FLAGS,
  load: async () => (await import("./serveCommand.js")).serveCommand,
});

export const TOKEN_CREATE_FLAGS = {
  role: { type: "string", arg: "ROLE", help: "viewer, operator, approver or admin" },
  name: { type: "string", arg: "NAME", help: "who holds it (recorded as token:NAME)" },
  config: CONFIG_FLAG,
} as const;

export const TOKEN_CREATE = defineCommand({
  name: "token create",
  summary: "a new API bearer token, printed once; its hash goes to acpgate.yaml",
  description: `Makes a bearer token for the HTTP API, prints it once on stdout and adds its sha256 with
NAME and ROLE under server.tokens in the config file (--config FILE, else ./acpgate.yaml,
created when missing). acpgate keeps only the hash: a lost token is replaced, not recovered.
Restart acpgate serve to use it.`,
  flags: TOKEN_CREATE_FLAGS,
  load: async () => (await import("./tokenCommand.js")).tokenCreateCommand,
});
