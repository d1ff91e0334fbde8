import type { McpServerInput } from "./selectMcpServers.js";

/**
 * How a client's own MCP servers (an editor's `mcpServers`) meet the environment's
 * inventory, as the policy says (`editorMcpServers`):
 * - `merge` (default): both; on a name clash the environment's server is given and the
 *   client's is withheld;
 * - `keep`: the client's servers as it sent them; the inventory adds the names it does not
 *   use (on a clash the environment's server is withheld);
 * - `replace`: the inventory only; every client server is withheld.
 */
export type ClientMcpRule = "keep" | "merge" | "replace";
export const CLIENT_MCP_RULES = ["keep", "merge", "replace"] as const;

export interface WithheldMcpServer {
  name: string;
  /** Whose server was not given. */
  from: "client" | "environment";
  rule: ClientMcpRule;
  reason: string;
}

export interface CombinedMcpServers {
  servers: McpServerInput[];
  withheld: WithheldMcpServer[];
}

export function combineMcpServers(
  inventory: readonly McpServerInput[],
  client: readonly McpServerInput[],
  rule: ClientMcpRule = "merge",
): CombinedMcpServers {
  const withheld: WithheldMcpServer[] = [];
  const names = (list: readonly McpServerInput[]) => new Set(list.map((s) => s.name));
  if (rule === "replace") {
    for (const s of client)
      withheld.push({
        name: s.name,
        from: "client",
        rule,
        reason: "the policy replaces the editor's MCP servers with the environment's",
      });
    return { servers: [...inventory], withheld };
  }
  if (rule === "keep") {
    const taken = names(client);
    for (const s of inventory.filter((s) => taken.has(s.name)))
      withheld.push({
        name: s.name,
        from: "environment",
        rule,
        reason: "the policy keeps the editor's server of the same name",
      });
    return { servers: [...inventory.filter((s) => !taken.has(s.name)), ...client], withheld };
  }
  const taken = names(inventory);
  for (const s of client.filter((s) => taken.has(s.name)))
    withheld.push({
      name: s.name,
      from: "client",
      rule,
      reason: "the environment's server of the same name is given in its place",
    });
  return { servers: [...inventory, ...client.filter((s) => !taken.has(s.name))], withheld };
}
