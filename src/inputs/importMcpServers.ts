import { readFileSync } from "node:fs";
import type { McpServerSpec } from "../config/environmentSchema.js";
import { AcpgateError, errorMessage } from "../util/errors.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Reads the editors' `mcpServers` JSON object format (Claude Desktop, Cursor, Zed…;
 * VS Code's `servers` key too) into ACP server specs:
 * `{"mcpServers": {"name": {"command", "args", "env": {K: V}}, "web": {"url", "headers": {K: V}}}}`.
 * A `url` entry is `http` unless it says `"type": "sse"`. `"required": false` marks one optional.
 */
export function importMcpServersFile(path: string, required: boolean): McpServerSpec[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw invalid(path, `cannot read MCP servers file: ${errorMessage(error)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw invalid(path, `not valid JSON: ${errorMessage(error)}`);
  }
  return parseMcpServersObject(data, path, required);
}

export function parseMcpServersObject(
  data: unknown,
  source: string,
  required: boolean,
): McpServerSpec[] {
  const servers = isObj(data) ? (data.mcpServers ?? data.servers) : undefined;
  if (!isObj(servers)) throw invalid(source, "expected an object with an `mcpServers` object");
  return Object.entries(servers).map(([name, entry]) => toSpec(name, entry, source, required));
}

function toSpec(name: string, entry: unknown, source: string, required: boolean): McpServerSpec {
  if (!isObj(entry)) throw invalid(source, `server '${name}' is not an object`);
  const isRequired = typeof entry.required === "boolean" ? entry.required : required;
  const type = entry.type;
  if (typeof entry.command === "string" && (type === undefined || type === "stdio")) {
    return {
      name,
      command: entry.command,
      args: stringArray(entry.args, `${name}.args`, source),
      env: pairs(entry.env, `${name}.env`, source),
      required: isRequired,
    };
  }
  if (typeof entry.url === "string") {
    if (type !== undefined && type !== "http" && type !== "sse" && type !== "streamable-http") {
      throw invalid(source, `server '${name}' has unsupported type ${JSON.stringify(type)}`);
    }
    return {
      name,
      type: type === "sse" ? "sse" : "http",
      url: entry.url,
      headers: pairs(entry.headers, `${name}.headers`, source),
      required: isRequired,
    };
  }
  throw invalid(source, `server '${name}' needs a \`command\` (stdio) or a \`url\` (http/sse)`);
}

function stringArray(value: unknown, field: string, source: string): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value;
  throw invalid(source, `${field} must be an array of strings`);
}

function pairs(value: unknown, field: string, source: string): { name: string; value: string }[] {
  if (value === undefined) return [];
  if (!isObj(value)) throw invalid(source, `${field} must be an object of strings`);
  return Object.entries(value).map(([name, v]) => {
    if (typeof v !== "string") throw invalid(source, `${field}.${name} must be a string`);
    return { name, value: v };
  });
}

function invalid(source: string, message: string): AcpgateError {
  return new AcpgateError("config_invalid", `${source}: ${message}`, { file: source });
}
