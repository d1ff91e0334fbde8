import type { AgentChannel } from "../../src/agents/agentChannel.js";
import { createDemoAgent } from "../../src/agents/demo/demoAgent.js";
import { memoryChannelPair } from "../../src/agents/memoryChannel.js";

/**
 * The bundled demo agent in this process, on an in-memory channel: what SessionManager's
 * `channelFor` returns in tests that need no process (never for `@crash`, which exits).
 */
export function demoChannel(): AgentChannel {
  const { channel, agent } = memoryChannelPair();
  createDemoAgent().connect(agent.stream);
  return channel;
}
