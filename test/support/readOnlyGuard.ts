import { RequestError } from "@agentclientprotocol/sdk";
import { GovernedGuard } from "../../src/governance/governedGuard.js";
import type { Guard, PermissionAsk } from "../../src/governance/guard.js";
import type { Verdict } from "../../src/policy/policyTypes.js";
import type { ClientParams, ClientResult } from "../../src/protocol/clientMethods.js";
import { refusedByPolicy } from "../../src/protocol/refusedByPolicy.js";
import type { GuardContext, SessionGuard } from "../../src/sessions/sessionGuard.js";
import { WorkspaceRoots } from "../../src/workspace/pathFacts.js";
import { resolveWithin } from "../../src/workspace/resolvePath.js";
import { readTextSlice } from "../../src/workspace/textFiles.js";

const RULE = "read-only";

/**
 * A test chain without the policy engine: every permission request is rejected,
 * `fs/read_text_file` is served inside the session cwd only, writes and terminals are refused
 * with a JSON-RPC error that says why. Subclasses change one answer at a time.
 */
export class ReadOnlyGuard implements Guard {
  clientCapabilities() {
    return { fs: { readTextFile: true, writeTextFile: false }, terminal: false };
  }

  workspaceRoots(): WorkspaceRoots {
    return new WorkspaceRoots(process.cwd(), []);
  }

  async decidePermission(_ask: PermissionAsk, _context: GuardContext): Promise<Verdict> {
    return {
      outcome: "reject",
      ruleId: RULE,
      reason: "read-only: unattended sessions approve no tool calls",
      decidedBy: "policy",
    };
  }

  async permissionAnswered(): Promise<void> {}
  async sessionStarted(): Promise<void> {}
  authorizeModeChange(): void {}
  async dispose(): Promise<void> {}

  async "fs/read_text_file"(
    params: ClientParams<"fs/read_text_file">,
    context: GuardContext,
  ): Promise<ClientResult<"fs/read_text_file">> {
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
      if ((error as NodeJS.ErrnoException).code === "ENOENT")
        throw RequestError.resourceNotFound(params.path);
      throw error;
    }
  }

  async "fs/write_text_file"(
    params: ClientParams<"fs/write_text_file">,
    context: GuardContext,
  ): Promise<ClientResult<"fs/write_text_file">> {
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

  async "terminal/create"(
    params: ClientParams<"terminal/create">,
    context: GuardContext,
  ): Promise<ClientResult<"terminal/create">> {
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

  async "terminal/output"(): Promise<never> {
    throw RequestError.resourceNotFound("terminal");
  }

  async "terminal/wait_for_exit"(): Promise<never> {
    throw RequestError.resourceNotFound("terminal");
  }

  async "terminal/kill"(): Promise<never> {
    throw RequestError.resourceNotFound("terminal");
  }

  async "terminal/release"(): Promise<never> {
    throw RequestError.resourceNotFound("terminal");
  }
}

/** A session guard over the read-only test chain (what SessionManager tests plug in). */
export function readOnlySessionGuard(): SessionGuard {
  return new GovernedGuard(new ReadOnlyGuard());
}
