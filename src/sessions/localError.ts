import type { AgentChannel } from "../agents/agentChannel.js";
import { exitError } from "../agents/agentProcess.js";
import type { AgentConnection } from "../protocol/agentConnection.js";
import { AcpgateError, errorMessage, isAcpgateError } from "../util/errors.js";

/**
 * The local error to report for anything a session operation threw: a protocol failure
 * first (an over-long line), else the agent's exit when it died, else the agent's own error.
 */
export async function toLocalError(
  error: unknown,
  source: { connection: AgentConnection; channel: AgentChannel; agentId: string },
): Promise<AcpgateError> {
  if (isAcpgateError(error)) return error;
  const protocol = source.connection.protocolFailure;
  if (protocol) return protocol;
  if (source.connection.isClosed || source.channel.hasExited) {
    const info = await Promise.race([source.channel.exited, sleep(1500)]);
    if (info && !info.requested) return exitError(info, source.agentId);
  }
  const code = typeof (error as { code?: unknown }).code === "number" ? "agent_error" : "internal";
  return new AcpgateError(
    code,
    `agent '${source.agentId}': ${errorMessage(error)}`,
    {
      agentId: source.agentId,
      wireCode: (error as { code?: unknown }).code,
      data: (error as { data?: unknown }).data,
    },
    { cause: error },
  );
}

export function sleep(ms: number): Promise<undefined> {
  return new Promise((resolve) => setTimeout(() => resolve(undefined), ms).unref());
}
