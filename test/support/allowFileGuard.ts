import { writeFileSync } from "node:fs";
import { basename } from "node:path";
import type { PermissionAsk } from "../../src/governance/guard.js";
import type { Verdict } from "../../src/policy/policyTypes.js";
import type { ClientParams, ClientResult } from "../../src/protocol/clientMethods.js";
import type { GuardContext } from "../../src/sessions/sessionGuard.js";
import { resolveWithin } from "../../src/workspace/resolvePath.js";
import { ReadOnlyGuard } from "./readOnlyGuard.js";

/**
 * A stand-in for a workspace-write policy with one allow rule, for tests that must not wait for
 * the policy engine: permission and fs/write_text_file are allowed for files named `allowed`
 * inside the session cwd, everything else is read-only. Not a policy: a test fixture.
 */
export class AllowFileGuard extends ReadOnlyGuard {
  constructor(private readonly allowed: string) {
    super();
  }

  override clientCapabilities() {
    return { fs: { readTextFile: true, writeTextFile: true }, terminal: false };
  }

  override async decidePermission(ask: PermissionAsk, context: GuardContext): Promise<Verdict> {
    const call = ask.params.toolCall;
    const input = (call.rawInput ?? {}) as Record<string, unknown>;
    const paths = [
      ...(call.locations ?? []).map((l) => l.path),
      ...(context.toolCall(call.toolCallId)?.locations ?? []),
      typeof input.file_path === "string" ? input.file_path : "",
    ].filter(Boolean);
    if (paths.length && paths.every((p) => this.isAllowed(p, context)))
      return {
        outcome: "allow",
        ruleId: "test-allow",
        reason: `write ${this.allowed}`,
        decidedBy: "policy",
      };
    return super.decidePermission(ask, context);
  }

  override async "fs/write_text_file"(
    params: ClientParams<"fs/write_text_file">,
    context: GuardContext,
  ): Promise<ClientResult<"fs/write_text_file">> {
    if (!this.isAllowed(params.path, context)) return super["fs/write_text_file"](params, context);
    const resolved = resolveWithin(params.path, context.cwd, context.cwd);
    writeFileSync(resolved.real, params.content);
    context.emit({
      type: "fs_write",
      path: resolved.relative ?? params.path,
      allowed: true,
      bytes: params.content.length,
    });
    return {};
  }

  private isAllowed(path: string, context: GuardContext): boolean {
    const resolved = resolveWithin(path, context.cwd, context.cwd);
    return resolved.inside && basename(resolved.real) === this.allowed;
  }
}
