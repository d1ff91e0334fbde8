import { RequestError, type InitializeResponse } from "@agentclientprotocol/sdk";
import { missingCapabilities } from "../agents/capabilities.js";
import { wireErrorDetail } from "../protocol/wireErrorDetail.js";
import { AcpgateError } from "../util/errors.js";

/**
 * `start: {how: "continue"}` (`acpgate run --resume`): what it becomes for this agent —
 * resume when advertised, else load, else a refusal. Never a new session in its place.
 */
export function continuation(
  how: { agentSessionId: string },
  initialize: InitializeResponse,
  agentId: string,
): { how: "resume" | "load"; agentSessionId: string } {
  if (missingCapabilities(["resume"], initialize).length === 0)
    return { how: "resume", agentSessionId: how.agentSessionId };
  if (missingCapabilities(["loadSession"], initialize).length === 0)
    return { how: "load", agentSessionId: how.agentSessionId };
  throw new AcpgateError(
    "capability_missing",
    `agent '${agentId}' can neither resume nor load session '${how.agentSessionId}': it advertises neither sessionCapabilities.resume nor loadSession (no new session was started in its place)`,
    { agentId, missing: ["resume", "loadSession"], requiredBy: "resume" },
  );
}

/** The agent's error for a continued session (not found, gone): `resume_refused`, naming it. */
export function refuseContinue(
  error: unknown,
  agentId: string,
  how: string,
  sessionId: string,
): never {
  if (!(error instanceof RequestError)) throw error;
  const detail = wireErrorDetail(error);
  throw new AcpgateError(
    "resume_refused",
    `agent '${agentId}' could not ${how} session '${sessionId}': ${error.message}${detail ? ` (${detail})` : ""} (no new session was started in its place)`,
    { agentId, agentSessionId: sessionId, how, wireCode: error.code, data: error.data },
    { cause: error },
  );
}
