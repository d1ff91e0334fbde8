import type { RequestPermissionRequest } from "@agentclientprotocol/sdk";
import type { PolicyRequest } from "../policy/policyTypes.js";
import { AcpgateError } from "../util/errors.js";
import type { WorkspaceRoots } from "../workspace/pathFacts.js";
import { describedView, fsView, permissionView, terminalView } from "./requestView.js";

/**
 * A request view from JSON: `{kind, path, command, tool, mode, agent}`, the params of a
 * session/request_permission (`{toolCall, options}`), or `{method, params}` of
 * fs/read_text_file, fs/write_text_file or terminal/create. Used by `policy explain` and
 * the policy corpus, so both judge exactly what a session would.
 */

export function viewFromJson(
  input: unknown,
  roots: WorkspaceRoots,
  agentId: string,
): PolicyRequest {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    throw new AcpgateError("usage", "--json must be a JSON object");
  const obj = input as Record<string, unknown>;
  if (typeof obj.method === "string") {
    const params = (obj.params ?? {}) as Record<string, unknown>;
    const path = typeof params.path === "string" ? params.path : "";
    if (obj.method === "fs/read_text_file") return fsView("fs_read", path, roots, agentId);
    if (obj.method === "fs/write_text_file") return fsView("fs_write", path, roots, agentId);
    if (obj.method === "terminal/create")
      return terminalView(params as Parameters<typeof terminalView>[0], roots, agentId);
    throw new AcpgateError("usage", `--json: cannot explain method '${obj.method}'`);
  }
  if (typeof obj.toolCall === "object" && obj.toolCall !== null) {
    const params = {
      sessionId: "explain",
      options: [],
      ...obj,
    } as unknown as RequestPermissionRequest;
    return permissionView(params, undefined, roots, agentId);
  }
  return describedView(obj, roots, agentId);
}
