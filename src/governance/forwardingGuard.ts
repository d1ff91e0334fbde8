import type { ClientCapabilities } from "@agentclientprotocol/sdk";
import type { Verdict } from "../policy/policyTypes.js";
import {
  defineForwarders,
  WORKSPACE_METHODS,
  type ClientMethods,
  type WorkspaceMethod,
} from "../protocol/clientMethods.js";
import type { GuardContext, StartedSession } from "../sessions/sessionGuard.js";
import type { WorkspaceRoots } from "../workspace/pathFacts.js";
import type { Guard, PermissionAnswer, PermissionAsk } from "./guard.js";

// The workspace methods are installed on the prototype from the one list of client methods
// (defineForwarders below); this merge declares them, so subclasses override only what they change.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface ForwardingGuard extends ClientMethods<GuardContext, WorkspaceMethod> {}

/** A Guard that passes everything to `inner`: the base of every decorator. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class ForwardingGuard implements Guard {
  constructor(protected readonly inner: Guard) {}

  clientCapabilities(): ClientCapabilities {
    return this.inner.clientCapabilities();
  }

  workspaceRoots(): WorkspaceRoots {
    return this.inner.workspaceRoots();
  }

  decidePermission(
    ask: PermissionAsk,
    context: GuardContext,
    signal: AbortSignal,
  ): Promise<Verdict> {
    return this.inner.decidePermission(ask, context, signal);
  }

  permissionAnswered(
    ask: PermissionAsk,
    answer: PermissionAnswer,
    context: GuardContext,
  ): Promise<void> {
    return this.inner.permissionAnswered(ask, answer, context);
  }

  sessionStarted(session: StartedSession): Promise<void> {
    return this.inner.sessionStarted(session);
  }

  authorizeModeChange(modeId: string): void {
    this.inner.authorizeModeChange(modeId);
  }

  dispose(): Promise<void> {
    return this.inner.dispose();
  }
}

defineForwarders(ForwardingGuard.prototype, WORKSPACE_METHODS, "inner");
