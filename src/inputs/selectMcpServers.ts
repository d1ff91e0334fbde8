import type { InitializeResponse, McpServer } from "@agentclientprotocol/sdk";
import { AcpgateError } from "../util/errors.js";
import { transportOf } from "./mcpInventory.js";

/**
 * A server as surfaces hand it over: an ACP `McpServer` with acpgate's `required`
 * (absent means required: nothing is dropped silently unless it was marked optional).
 */
export type McpServerInput = McpServer & { required?: boolean };

export interface DroppedMcpServer {
  name: string;
  transport: "http" | "sse";
  /** The capability the agent did not advertise, e.g. `mcpCapabilities.http`. */
  missing: string;
}

export interface McpSelection {
  /** What session/new or session/load carries: ACP shapes, `required` stripped. */
  given: McpServer[];
  givenSpecs: McpServerInput[];
  dropped: DroppedMcpServer[];
}

/**
 * Keeps the servers the agent can take: stdio always, http / sse only when the initialize
 * response advertises `mcpCapabilities.http` / `.sse`. A required server the agent cannot
 * take refuses the session (`mcp_server_unavailable`); an optional one is dropped.
 */
export function selectMcpServers(specs: McpServerInput[], init: InitializeResponse): McpSelection {
  const caps = init.agentCapabilities?.mcpCapabilities ?? {};
  const selection: McpSelection = { given: [], givenSpecs: [], dropped: [] };
  for (const spec of specs) {
    const transport = transportOf(spec);
    if (transport !== "stdio" && caps[transport] !== true) {
      const missing = `mcpCapabilities.${transport}`;
      if (spec.required !== false) {
        throw new AcpgateError(
          "mcp_server_unavailable",
          `required MCP server '${spec.name}' (${transport}) cannot be given: the agent does not advertise ${missing}`,
          { server: spec.name, transport, missing },
        );
      }
      selection.dropped.push({ name: spec.name, transport, missing });
      continue;
    }
    selection.given.push(toAcp(spec));
    selection.givenSpecs.push(spec);
  }
  return selection;
}

/** The ACP shape: `required` stripped, and no `type` on stdio (the schema has none). */
export function toAcp(spec: McpServerInput): McpServer {
  if ("url" in spec) {
    const { required: _required, ...server } = spec;
    return server;
  }
  const {
    required: _required,
    type: _type,
    ...server
  } = spec as McpServerInput & {
    type?: string;
  };
  return server as McpServer;
}
