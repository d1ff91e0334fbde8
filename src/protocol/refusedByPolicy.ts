import { RequestError } from "@agentclientprotocol/sdk";

/**
 * JSON-RPC error for a request the client refuses by policy. ACP has no dedicated code and
 * the SDK no factory: -32000 (implementation-defined server error) with a reason the agent
 * can show its model. Every other wire error comes from the SDK's `RequestError.*` factories.
 */
export const POLICY_REFUSED_CODE = -32000;

export function refusedByPolicy(message: string, data: Record<string, unknown> = {}): RequestError {
  return new RequestError(POLICY_REFUSED_CODE, `acpgate refused: ${message}`, data);
}
