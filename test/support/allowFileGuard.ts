import { writeFileSync } from "node:fs";
import { basename } from "node:path";
import type { RequestPermissionRequest, WriteTextFileRequest } from "@agentclientprotocol/sdk";
import { ReadOnlyGuard } from "../../src/sessions/readOnlyGuard.js";
import type {
  GuardContext,
  PermissionVerdict,
  SessionGuard,
} from "../../src/sessions/sessionGuard.js";
import { resolveWithin } from "../../src/workspace/resolvePath.js";

/**
 * A stand-in for a workspace-write policy with one allow rule, for tests that must not wait for
 * the policy engine: permission and fs/write_text_file are allowed for files named `allowed`
 * inside the session cwd, everything else is read-only. Not a policy: a test fixture.
 */
export class AllowFileGuard implements SessionGuard {
  private readonly base = new ReadOnlyGuard();
  readonly readTextFile = this.base.readTextFile.bind(this.base);
  readonly createTerminal = this.base.createTerminal.bind(this.base);
  readonly terminalOutput = this.base.terminalOutput.bind(this.base);
  readonly waitForTerminalExit = this.base.waitForTerminalExit.bind(this.base);
  readonly killTerminal = this.base.killTerminal.bind(this.base);
  readonly releaseTerminal = this.base.releaseTerminal.bind(this.base);
  readonly dispose = this.base.dispose.bind(this.base);

  constructor(private readonly allowed: string) {}

  clientCapabilities() {
    return { fs: { readTextFile: true, writeTextFile: true }, terminal: false };
  }

  async decidePermission(
    params: RequestPermissionRequest,
    context: GuardContext,
  ): Promise<PermissionVerdict> {
    const call = params.toolCall;
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
    return this.base.decidePermission();
  }

  async writeTextFile(params: WriteTextFileRequest, context: GuardContext): Promise<void> {
    if (!this.isAllowed(params.path, context)) return this.base.writeTextFile(params, context);
    const resolved = resolveWithin(params.path, context.cwd, context.cwd);
    writeFileSync(resolved.real, params.content);
    context.emit({
      type: "fs_write",
      path: resolved.relative ?? params.path,
      allowed: true,
      bytes: params.content.length,
    });
  }

  private isAllowed(path: string, context: GuardContext): boolean {
    const resolved = resolveWithin(path, context.cwd, context.cwd);
    return resolved.inside && basename(resolved.real) === this.allowed;
  }
}
