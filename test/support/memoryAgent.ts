import { agent, type AgentContext, type RequestPermissionResponse } from "@agentclientprotocol/sdk";
import { memoryChannelPair } from "../../src/agents/memoryChannel.js";
import { agentEntrySchema } from "../../src/config/agentSchema.js";
import type { SessionGuard } from "../../src/sessions/sessionGuard.js";
import type { BootstrapParams } from "../../src/sessions/bootstrapSession.js";
import { Session } from "../../src/sessions/session.js";

/** One turn of a scripted in-process agent: what it does with the client, then its stop reason. */
export type Turn = (
  client: AgentContext,
  sessionId: string,
  signal: AbortSignal,
) => Promise<string>;

/**
 * A Session on an in-memory channel to an SDK agent app that runs `turn` for every prompt:
 * no process is spawned. The agent advertises no capabilities and honours session/cancel
 * by aborting the turn's signal.
 */
export function memorySession(options: {
  guard: SessionGuard;
  cwd: string;
  turn: Turn;
  id?: string;
  unattended?: boolean;
  eventLogCapacity?: number;
  streamedTextEvents?: boolean;
  bootstrap?: BootstrapParams;
  /** Sees every request the agent receives, as it received it. */
  seen?: (method: string, params: unknown) => void;
}): Session {
  const { channel, agent: end } = memoryChannelPair();
  const turns = new Map<string, AbortController>();
  let n = 0;
  const app = agent({ name: "memory-agent" })
    .onRequest(
      "initialize",
      (cx) => (
        options.seen?.("initialize", cx.params),
        {
          protocolVersion: cx.params.protocolVersion,
          agentCapabilities: {},
          agentInfo: { name: "memory-agent", version: "1" },
        }
      ),
    )
    .onRequest(
      "session/new",
      (cx) => (options.seen?.("session/new", cx.params), { sessionId: `mem-${++n}` }),
    )
    .onRequest("session/prompt", async (cx) => {
      options.seen?.("session/prompt", cx.params);
      const controller = new AbortController();
      turns.set(cx.params.sessionId, controller);
      try {
        const stopReason = await options.turn(cx.client, cx.params.sessionId, controller.signal);
        return { stopReason: stopReason as "end_turn" };
      } finally {
        turns.delete(cx.params.sessionId);
      }
    })
    .onNotification("session/cancel", (cx) => turns.get(cx.params.sessionId)?.abort());
  app.connect(end.stream);
  return new Session({
    ...(options.id ? { id: options.id } : {}),
    agentId: "memory",
    entry: agentEntrySchema.parse({ command: "in-memory", fileAccess: "client" }),
    channel,
    cwd: options.cwd,
    guard: options.guard,
    unattended: options.unattended ?? true,
    ...(options.eventLogCapacity ? { eventLogCapacity: options.eventLogCapacity } : {}),
    ...(options.streamedTextEvents !== undefined
      ? { streamedTextEvents: options.streamedTextEvents }
      : {}),
    ...(options.bootstrap ? { bootstrap: options.bootstrap } : {}),
  });
}

/** A permission request for one tool call, with the usual four options. */
export function permissionParams(
  sessionId: string,
  toolCall: Record<string, unknown> & { toolCallId: string },
) {
  return {
    sessionId,
    toolCall,
    options: [
      { optionId: "a1", name: "Allow", kind: "allow_once" as const },
      { optionId: "a2", name: "Always", kind: "allow_always" as const },
      { optionId: "r1", name: "Reject", kind: "reject_once" as const },
    ],
  };
}

/** The agent asks permission for one tool call and gets the client's answer. */
export function askPermission(
  client: AgentContext,
  sessionId: string,
  toolCall: Record<string, unknown> & { toolCallId: string },
): Promise<RequestPermissionResponse> {
  return client.request("session/request_permission", permissionParams(sessionId, toolCall));
}
