import type { InitializeResponse, McpServer } from "@agentclientprotocol/sdk";
import { transportOf } from "../inputs/mcpInventory.js";
import { selectMcpServers, type McpServerInput } from "../inputs/selectMcpServers.js";
import type { SessionEventBody } from "./events.js";

/**
 * The bootstrap's `mcpServers` for a session: once the initialize response is known, picks
 * the servers the agent can take, reports each optional one dropped and then what was given
 * (names and transports only). Throws `mcp_server_unavailable` for a required one.
 * Sessions with no servers configured emit nothing.
 */
export function mcpServersFor(
  servers: McpServerInput[],
  emit: (event: SessionEventBody) => void,
): (initialize: InitializeResponse) => McpServer[] {
  return (initialize) => {
    const selection = selectMcpServers(servers, initialize);
    for (const dropped of selection.dropped) emit({ type: "mcp_server_dropped", ...dropped });
    if (servers.length === 0) return selection.given;
    emit({
      type: "mcp_servers_given",
      servers: selection.givenSpecs.map((spec) => ({
        name: spec.name,
        transport: transportOf(spec),
        required: spec.required !== false,
      })),
    });
    return selection.given;
  };
}
