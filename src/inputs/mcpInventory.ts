import { resolve } from "node:path";
import type { EnvironmentConfig, McpServerSpec } from "../config/environmentSchema.js";
import { AcpgateError } from "../util/errors.js";
import { importMcpServersFile } from "./importMcpServers.js";
import { secretRefsIn } from "./secretRefs.js";

/**
 * The approved MCP servers of an environment: those imported from `mcpServersFile`, then
 * those listed in `mcpServers` (a listed server replaces an imported one of the same name).
 */
export function environmentMcpServers(
  environment: EnvironmentConfig,
  baseDir: string,
): McpServerSpec[] {
  const byName = new Map<string, McpServerSpec>();
  const file = environment.mcpServersFile;
  if (file !== undefined) {
    const path = resolve(baseDir, typeof file === "string" ? file : file.path);
    const required = typeof file === "string" ? true : file.required;
    for (const spec of importMcpServersFile(path, required)) byName.set(spec.name, spec);
  }
  const listed = new Set<string>();
  for (const spec of environment.mcpServers) {
    if (listed.has(spec.name)) {
      throw new AcpgateError("config_invalid", `MCP server '${spec.name}' is listed twice`, {
        server: spec.name,
      });
    }
    listed.add(spec.name);
    byName.set(spec.name, spec);
  }
  return [...byName.values()];
}

export function transportOf(spec: object): "stdio" | "http" | "sse" {
  const type = (spec as { type?: unknown }).type;
  return type === "http" || type === "sse" ? type : "stdio";
}

/** Secret names referenced in a server's env or header values. */
export function mcpSecretRefs(spec: McpServerSpec): string[] {
  const values = "url" in spec ? spec.headers : spec.env;
  return [...new Set(values.flatMap((pair) => secretRefsIn(pair.value)))];
}
