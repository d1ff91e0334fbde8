import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { WriteTextFileRequest } from "@agentclientprotocol/sdk";
import type { GuardContext, PermissionVerdict } from "../../src/sessions/sessionGuard.js";
import { ReadOnlyGuard } from "../../src/sessions/readOnlyGuard.js";

/** A guard that approves as a named person and really writes files: the inner guard under audit. */
export class WritingGuard extends ReadOnlyGuard {
  constructor(private readonly approver: string) {
    super();
  }

  override async decidePermission(): Promise<PermissionVerdict> {
    return { outcome: "allow", scope: "once", reason: "looks fine", decidedBy: this.approver };
  }

  override async writeTextFile(params: WriteTextFileRequest, context: GuardContext): Promise<void> {
    await writeFile(resolve(context.cwd, params.path), params.content);
  }
}
