import type { StopReason } from "@agentclientprotocol/sdk";
import { AcpgateError } from "../util/errors.js";

/**
 * The parts of the agent's answers acpgate acts on, read defensively: the SDK passes results
 * through unchecked, so a null result or a missing field would otherwise surface as a raw
 * TypeError (or, for a stop reason, as a turn that seemed to end). Each is an
 * `agent_protocol_error` naming the method and what the agent sent instead.
 */

/** ACP's stop reasons, checked against the SDK's type: a value added there fails to compile here. */
const KNOWN_STOP_REASONS: Record<StopReason, true> = {
  end_turn: true,
  max_tokens: true,
  max_turn_requests: true,
  refusal: true,
  cancelled: true,
};

export const STOP_REASONS = Object.keys(KNOWN_STOP_REASONS) as StopReason[];

/** The stop reason of a session/prompt result: one of ACP's, never a guess. */
export function stopReasonOf(result: unknown, agentId: string): StopReason {
  const answer = objectResult(result, "session/prompt", agentId);
  const value = answer.stopReason;
  const known = `ACP stop reasons: ${STOP_REASONS.join(", ")}`;
  if (value === undefined || value === null)
    throw protocolError(agentId, "session/prompt", `no stopReason (${known})`, result);
  if (typeof value !== "string" || !Object.hasOwn(KNOWN_STOP_REASONS, value))
    throw protocolError(
      agentId,
      "session/prompt",
      `an unknown stopReason ${JSON.stringify(value)} (${known})`,
      value,
    );
  return value as StopReason;
}

/** The session id of a session/new result. */
export function sessionIdOf(result: unknown, agentId: string): string {
  const value = objectResult(result, "session/new", agentId).sessionId;
  if (typeof value !== "string" || value === "")
    throw protocolError(agentId, "session/new", "no sessionId", result);
  return value;
}

/** A result that must be a JSON object (initialize, session/new, session/prompt …). */
export function objectResult(
  result: unknown,
  method: string,
  agentId: string,
): Record<string, unknown> {
  if (result !== null && typeof result === "object" && !Array.isArray(result))
    return result as Record<string, unknown>;
  const kind = result === null ? "null" : Array.isArray(result) ? "list" : typeof result;
  throw protocolError(agentId, method, `a ${kind} result`, result);
}

function protocolError(agentId: string, method: string, what: string, got: unknown): AcpgateError {
  return new AcpgateError(
    "agent_protocol_error",
    `agent '${agentId}' answered ${method} with ${what}`,
    {
      agentId,
      method,
      got,
    },
  );
}
