import {
  RequestError,
  type InitializeRequest,
  type InitializeResponse,
} from "@agentclientprotocol/sdk";
import type { AgentChannel } from "../../agents/agentChannel.js";
import { resolveCommand } from "../../agents/catalogue.js";
import { stdioChannel } from "../../agents/stdioChannel.js";
import { buildAgentEnv } from "../../inputs/agentEnv.js";
import { planInputs, resolveInputs } from "../../inputs/sessionInputs.js";
import type { ClientHandlers } from "../../protocol/clientHandlers.js";
import { SERVED_CLIENT_METHODS } from "../../protocol/clientMethods.js";
import { AgentConnection } from "../../protocol/agentConnection.js";
import type { Plane } from "../plane.js";

/**
 * The editor connection's own process of the real agent, for what belongs to no session:
 * `initialize` (its capabilities and auth methods answer the editor), `authenticate` and
 * `session/list`. It opens no session and so is never asked for a file, a terminal or a
 * permission: such a call is refused. Sessions run in their own governed processes.
 */
export class ControlAgent {
  private constructor(
    readonly connection: AgentConnection,
    private readonly channel: AgentChannel,
    readonly initialize: InitializeResponse,
  ) {}

  static async start(options: {
    plane: Plane;
    agentId: string;
    environment: string | undefined;
    cwd: string;
    params: InitializeRequest;
  }): Promise<ControlAgent> {
    const { plane, agentId } = options;
    const entry = plane.catalogue.get(agentId);
    const plan = planInputs({
      config: plane.config,
      entry,
      environment: options.environment,
      baseDir: plane.baseDir,
    });
    const inputs = await resolveInputs(plan, entry, plane.broker);
    const command = resolveCommand(entry);
    const env = buildAgentEnv({
      planeEnv: process.env,
      passEnv: entry.passEnv,
      values: command.env,
      secrets: inputs.secrets,
    });
    const channel = stdioChannel({
      command: command.command,
      args: command.args,
      env,
      cwd: options.cwd,
    });
    const connection = new AgentConnection({ stream: channel.stream, handlers: refusingAll() });
    try {
      const initialize = await connection.request("initialize", options.params, {
        timeoutMs: 30_000,
      });
      if (typeof initialize !== "object" || initialize === null)
        throw RequestError.internalError(undefined, `agent '${agentId}' answered no initialize`);
      return new ControlAgent(connection, channel, initialize);
    } catch (error) {
      connection.close();
      await channel.shutdown({ graceMs: 0, termMs: 500 });
      throw error;
    }
  }

  async close(): Promise<void> {
    this.connection.close();
    await this.channel.shutdown({ settled: true });
  }
}

function refusingAll(): ClientHandlers {
  const refuse = (): Promise<never> =>
    Promise.reject(RequestError.methodNotFound("no session is open on this connection"));
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
