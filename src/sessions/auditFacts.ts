import { readFile, stat } from "node:fs/promises";
import type { RequestPermissionRequest } from "@agentclientprotocol/sdk";
import type { AuditTool } from "../audit/auditRecord.js";
import { MAX_DIFF_BYTES } from "../audit/boundedDiff.js";
import { resolveWithin } from "../workspace/resolvePath.js";
import type { GuardContext } from "./sessionGuard.js";

/** Files larger than this are not read for a diff: the record keeps the new content's hash. */
const MAX_DIFF_SOURCE_BYTES = 1024 * 1024;

/** The tool a permission request is about, merged with what the agent announced of it. */
export function toolOf(
  request: RequestPermissionRequest,
  announced: ReturnType<GuardContext["toolCall"]>,
): AuditTool {
  const call = request.toolCall;
  const paths = call.locations?.map((l) => l.path) ?? announced?.locations ?? [];
  const rawInput = (call.rawInput ?? announced?.rawInput) as { command?: unknown } | undefined;
  const command = rawInput?.command;
  return {
    toolCallId: call.toolCallId,
    title: call.title ?? announced?.title ?? "",
    kind: call.kind ?? announced?.kind ?? "other",
    paths,
    ...(typeof command === "string"
      ? { command }
      : Array.isArray(command)
        ? { command: command.join(" ") }
        : {}),
  };
}

/** The file's current text when it is inside the workspace and small enough to diff. */
export async function previousContent(path: string, cwd: string): Promise<string | undefined> {
  const resolved = resolveWithin(path, cwd, cwd);
  if (!resolved.inside) return undefined;
  try {
    const info = await stat(resolved.real);
    if (!info.isFile() || info.size > Math.max(MAX_DIFF_BYTES, MAX_DIFF_SOURCE_BYTES))
      return undefined;
    return await readFile(resolved.real, "utf8");
  } catch {
    return undefined;
  }
}
