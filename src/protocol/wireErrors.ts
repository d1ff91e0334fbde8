import { RequestError } from "@agentclientprotocol/sdk";

/**
 * JSON-RPC error for a request the client refuses by policy. ACP has no dedicated code;
 * -32000 (implementation-defined server error) with a reason the agent can show its model.
 */
export const POLICY_REFUSED_CODE = -32000;

export function refusedByPolicy(message: string, data: Record<string, unknown> = {}): RequestError {
  return new RequestError(POLICY_REFUSED_CODE, `acpgate refused: ${message}`, data);
}

export function methodNotFound(method: string): RequestError {
  return new RequestError(-32601, "Method not found", { method });
}

export function invalidParams(message: string, data: Record<string, unknown> = {}): RequestError {
  return new RequestError(-32602, `Invalid params: ${message}`, data);
}

export function notFound(message: string, data: Record<string, unknown> = {}): RequestError {
  return new RequestError(-32002, message, data);
}

/**
 * A missing file, in the SDK's standard wording (`RequestError.resourceNotFound`). Agents match
 * on it: gemini-cli turns "Resource not found" into ENOENT, so writing a new file (which it
 * reads first to diff) works; any other wording fails the write with "Error checking file".
 */
export function fileNotFound(path: string): RequestError {
  return new RequestError(-32002, `Resource not found: ${path}`, { uri: path, path });
}
