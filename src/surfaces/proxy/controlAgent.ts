import {
  RequestError,
  type ClientCapabilities,
  type InitializeRequest,
  type InitializeResponse,
} from "@agentclientprotocol/sdk";
import type { ClientHandlers } from "../../protocol/clientHandlers.js";
import { SERVED_CLIENT_METHODS } from "../../protocol/clientMethods.js";
import { AgentConnection } from "../../protocol/agentConnection.js";
import { servedCapabilities } from "../../governance/servedCapabilities.js";
import { narrowCapabilities } from "../../sessions/narrowCapabilities.js";
import type { SharedLaunch } from "../../sessions/sessionManager.js";
import { mergeDeep } from "../../util/mergeDeep.js";
import type { Plane } from "../plane.js";

/**
 * The editor connection's one process of the real agent. Its own channel on that process
 * answers what belongs to no session — `initialize` (sent once, with the editor's client
 * capabilities narrowed to what the policy serves: the sessions' own initialize is answered
 * from it), `authenticate` and `session/list`; it opens no session, so the agent's requests
 * never reach it. Sessions run on the same process (`shared`), each on a channel of its own.
 */
export class ControlAgent {
  private constructor(
    readonly connection: AgentConnection,
    readonly shared: SharedLaunch,
    readonly initialize: InitializeResponse,
  ) {}

  static async start(options: {
    plane: Plane;
    agentId: string;
    environment: string | undefined;
    policy: string | undefined;
    actor: string;
    cwd: string;
    params: InitializeRequest;
  }): Promise<ControlAgent> {
    const { plane, agentId } = options;
    const shared = await plane.manager.openShared({
      agentId,
      cwd: options.cwd,
      unattended: false,
      actor: options.actor,
      ...(options.policy ? { policy: options.policy } : {}),
      ...(options.environment ? { environment: options.environment } : {}),
    });
    const policy = options.policy ? plane.policyFor(options.policy) : plane.policy;
    const served = mergeDeep(
      servedCapabilities(policy, true),
      plane.catalogue.get(agentId).clientCapabilities ?? {},
    ) as ClientCapabilities;
    const connection = new AgentConnection({
      stream: shared.agent.attach().stream,
      handlers: refusingAll(),
    });
    try {
      const initialize = await connection.request(
        "initialize",
        {
          ...options.params,
          clientCapabilities: narrowCapabilities(options.params.clientCapabilities ?? {}, served),
        },
        { timeoutMs: 30_000 },
      );
      if (typeof initialize !== "object" || initialize === null)
        throw RequestError.internalError(undefined, `agent '${agentId}' answered no initialize`);
      return new ControlAgent(connection, shared, initialize);
    } catch (error) {
      connection.close();
      await shared.agent.shutdown({ graceMs: 0, termMs: 500 });
      throw error;
    }
  }

  async close(): Promise<void> {
    this.connection.close();
    await this.shared.agent.shutdown({ settled: true });
  }
}

function refusingAll(): ClientHandlers {
  const refuse = (): Promise<never> =>
    Promise.reject(RequestError.methodNotFound("no session is open on this channel"));
  const served = Object.fromEntries(SERVED_CLIENT_METHODS.map((m) => [m, refuse]));
  return {
    ...(served as unknown as Omit<
      ClientHandlers,
      "sessionUpdate" | "extensionRequest" | "extensionNotification"
    >),
    sessionUpdate: () => undefined,
    extensionRequest: refuse,
    extensionNotification: () => undefined,
  };
}
