import { RequestError } from "@agentclientprotocol/sdk";
import { isAcpgateError } from "../../util/errors.js";

/**
 * What the editor hears when acpgate could not do what it asked: the agent's own wire error
 * as it was; a local error as -32000 with acpgate's code in `data` (a refusal by posture,
 * a missing secret, an agent that would not start). Other causes are internal errors.
 */
export function wireError(error: unknown): RequestError {
  if (error instanceof RequestError) return error;
  if (isAcpgateError(error))
    return new RequestError(-32000, `acpgate: ${error.message}`, {
      code: error.code,
      ...error.details,
    });
  return RequestError.internalError(undefined, String(error));
}

/** Runs a handler, answering any failure as a wire error. */
export async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw wireError(error);
  }
}
