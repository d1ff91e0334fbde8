import { AcpgateError } from "../../util/errors.js";
import type { CommandInput } from "./commandSpec.js";
import { EXIT } from "./exitCodes.js";
import { callServer, remoteServer, type RemoteServer } from "./serverClient.js";
import type { SESSIONS_APPROVE_FLAGS, SESSIONS_CANCEL_FLAGS } from "./sessionsSpecs.js";

function needServer(flag: string | undefined, command: string): RemoteServer {
  const server = remoteServer(flag);
  if (!server)
    throw new AcpgateError(
      "usage",
      `sessions ${command} acts on a running server: give --server URL (or ACPGATE_SERVER) and ACPGATE_TOKEN`,
    );
  return server;
}

/** `acpgate sessions cancel ID --server URL`: cancels the turn; pending requests are answered cancelled. */
export async function sessionsCancelCommand({
  values,
  positionals,
  out,
}: CommandInput<typeof SESSIONS_CANCEL_FLAGS>): Promise<number> {
  const [id] = positionals;
  if (id === undefined || positionals.length > 1)
    throw new AcpgateError("usage", "sessions cancel takes one session id");
  const server = needServer(values.server, "cancel");
  const view = await callServer<{ id: string; state: string }>(
    server,
    "POST",
    `/api/agent-sessions/${encodeURIComponent(id)}/cancel`,
  );
  out.write(`${view.id}: cancel sent (${view.state})\n`);
  return EXIT.ok;
}

interface Pending {
  id: string;
  sessionId: string;
  title: string;
}

/**
 * `acpgate sessions approve ID --reason TEXT [--reject]`: decides a pending permission
 * request, by its id (preq_…) or by its session's id when that session has exactly one.
 */
export async function sessionsApproveCommand({
  values,
  positionals,
  out,
}: CommandInput<typeof SESSIONS_APPROVE_FLAGS>): Promise<number> {
  const [ref] = positionals;
  if (ref === undefined || positionals.length > 1)
    throw new AcpgateError("usage", "sessions approve takes one permission request or session id");
  if (!values.reason?.trim())
    throw new AcpgateError("usage", "--reason is required: it goes on the record");
  const server = needServer(values.server, "approve");
  const { items } = await callServer<{ items: Pending[] }>(
    server,
    "GET",
    "/api/permission-requests?state=pending",
  );
  const matches = items.filter((p) => p.id === ref || p.sessionId === ref);
  if (matches.length !== 1)
    throw new AcpgateError(
      "usage",
      matches.length
        ? `session ${ref} has ${matches.length} pending requests; name one: ${matches.map((p) => p.id).join(", ")}`
        : `no pending permission request '${ref}' (by its id or its session's)`,
    );
  const [pending] = matches as [Pending];
  const decision = values.reject ? "reject" : "allow";
  await callServer(server, "POST", `/api/permission-requests/${pending.id}/decision`, {
    decision,
    reason: values.reason,
  });
  out.write(`${pending.id} (${pending.title}): ${decision === "allow" ? "allowed" : "rejected"}\n`);
  return EXIT.ok;
}
