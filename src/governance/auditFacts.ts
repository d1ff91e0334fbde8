import { readFile, stat } from "node:fs/promises";
import type { AuditTool } from "../audit/auditRecord.js";
import { MAX_DIFF_BYTES } from "../audit/boundedDiff.js";
import type { PolicyRequest } from "../policy/policyTypes.js";
import { resolveWithin } from "../workspace/resolvePath.js";
import type { PermissionAsk } from "./guard.js";

/** Files larger than this are not read for a diff: the record keeps the new content's hash. */
const MAX_DIFF_SOURCE_BYTES = 1024 * 1024;

/** The tool a permission request is about, exactly as policy read it (the request's one view). */
export function toolOfAsk(ask: PermissionAsk): AuditTool {
  const { view, params, announced } = ask;
  return {
    toolCallId: params.toolCall.toolCallId,
    title: view.title ?? "",
    kind: params.toolCall.kind ?? announced?.kind ?? "other",
    kinds: [...view.kinds],
    paths: [...new Set(view.paths.map((p) => p.raw))],
    ...(view.command !== undefined ? { command: view.command } : {}),
  };
}

/** The judged view as a record: every reading of each path, and what was unknown. */
export function viewRecord(view: PolicyRequest): Record<string, unknown> {
  return {
    source: view.source,
    kinds: [...view.kinds],
    paths: view.paths.map((p) => ({ raw: p.raw, real: p.real, inside: p.inside })),
    ...(view.pathsUnknown ? { pathsUnknown: true } : {}),
    ...(view.command !== undefined ? { command: view.command } : {}),
    ...(view.commandUnknown ? { commandUnknown: true } : {}),
    ...(view.toolName !== undefined ? { toolName: view.toolName } : {}),
    ...(view.targetMode !== undefined ? { targetMode: view.targetMode } : {}),
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
