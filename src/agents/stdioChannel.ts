import { nodeNdJsonStream } from "../protocol/nodeNdJsonStream.js";
import type { AgentChannel } from "./agentChannel.js";
import { AgentProcess, type LaunchSpec } from "./agentProcess.js";

export interface StdioChannelOptions {
  /** Longest line accepted from the agent (the SDK's default otherwise). */
  maxMessageBytes?: number;
}

/** An agent process on stdio, in its own process group, framed as NDJSON on its Node streams
 * (the SDK's `ndJsonStream` contract without a web stream per hop: nodeNdJsonStream). */
export function stdioChannel(launch: LaunchSpec, options: StdioChannelOptions = {}): AgentChannel {
  const agent = new AgentProcess(launch);
  const stream = nodeNdJsonStream(agent.input, agent.output, {
    maxMessageBytes: options.maxMessageBytes,
  });
  return {
    stream,
    exited: agent.exited,
    get hasExited() {
      return agent.hasExited;
    },
    get pid() {
      return agent.pid;
    },
    stderrTail: (lines = 20) => agent.stderr.lastLines(lines),
    shutdown: (shutdownOptions) => agent.shutdown(shutdownOptions),
    kill: () => agent.kill(),
  };
}
