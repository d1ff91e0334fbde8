import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { Verdict } from "../../src/policy/policyTypes.js";
import type { ClientParams, ClientResult } from "../../src/protocol/clientMethods.js";
import type { GuardContext } from "../../src/sessions/sessionGuard.js";
import { ReadOnlyGuard } from "./readOnlyGuard.js";

/** A guard that approves as a named person and really writes files: the inner guard under audit. */
export class WritingGuard extends ReadOnlyGuard {
  constructor(private readonly approver: string) {
    super();
  }

  override async decidePermission(): Promise<Verdict> {
    return {
      outcome: "allow",
      scope: "once",
      ruleId: "test",
      reason: "looks fine",
      decidedBy: this.approver,
    };
  }

  override async "fs/write_text_file"(
    params: ClientParams<"fs/write_text_file">,
    context: GuardContext,
  ): Promise<ClientResult<"fs/write_text_file">> {
    await writeFile(resolve(context.cwd, params.path), params.content);
    return {};
  }
}
