import type { ReadTextFileRequest, ReadTextFileResponse } from "@agentclientprotocol/sdk";
import { refusedByPolicy, notFound, fileNotFound } from "../protocol/wireErrors.js";
import { resolveWithin } from "../workspace/resolvePath.js";
import { readTextSlice } from "../workspace/textFiles.js";
import type { GuardContext, PermissionVerdict, SessionGuard } from "./sessionGuard.js";

const RULE = "read-only";

/**
 * The unattended default before any policy is configured: every permission request is
 * rejected, `fs/read_text_file` is served inside the session cwd only, writes and terminals
 * are refused with a JSON-RPC error that says why.
 */
export class ReadOnlyGuard implements SessionGuard {
  clientCapabilities() {
    return { fs: { readTextFile: true, writeTextFile: false }, terminal: false };
  }

  async decidePermission(): Promise<PermissionVerdict> {
    return {
      outcome: "reject",
      ruleId: RULE,
      reason: "read-only: unattended sessions approve no tool calls",
      decidedBy: "policy",
    };
  }

  async readTextFile(
    params: ReadTextFileRequest,
    context: GuardContext,
  ): Promise<ReadTextFileResponse> {
    const resolved = resolveWithin(params.path, context.cwd, context.cwd);
    if (!resolved.inside) {
      context.emit({
        type: "fs_read",
        path: params.path,
        allowed: false,
        reason: "outside the workspace",
      });
      throw refusedByPolicy(`read of ${params.path} is outside the workspace`, {
        path: params.path,
        ruleId: RULE,
      });
    }
    try {
      const content = await readTextSlice(resolved.real, params.line, params.limit);
      context.emit({ type: "fs_read", path: resolved.relative ?? params.path, allowed: true });
      return { content };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") throw fileNotFound(params.path);
      throw error;
    }
  }

  async writeTextFile(
    params: { path: string; content: string },
    context: GuardContext,
  ): Promise<void> {
    context.emit({
      type: "fs_write",
      path: params.path,
      allowed: false,
      bytes: params.content.length,
      reason: RULE,
    });
    throw refusedByPolicy(`write to ${params.path}: the session is read-only`, {
      path: params.path,
      ruleId: RULE,
    });
  }

  async createTerminal(params: { command: string }, context: GuardContext): Promise<never> {
    context.emit({
      type: "terminal",
      action: "create",
      command: params.command,
      allowed: false,
      reason: RULE,
    });
    throw refusedByPolicy(`terminal '${params.command}': the session is read-only`, {
      ruleId: RULE,
    });
  }

  async terminalOutput(): Promise<never> {
    throw notFound("no such terminal");
  }

  async waitForTerminalExit(): Promise<never> {
    throw notFound("no such terminal");
  }

  async killTerminal(): Promise<never> {
    throw notFound("no such terminal");
  }

  async releaseTerminal(): Promise<never> {
    throw notFound("no such terminal");
  }

  async dispose(): Promise<void> {}
}
