import type { RequestPermissionRequest, RequestPermissionResponse } from "@agentclientprotocol/sdk";
import type { GuardContext, SessionGuard } from "../sessions/sessionGuard.js";
import { ForwardingGuard } from "./forwardingGuard.js";
import type { Guard } from "./guard.js";
import { PermissionRequests } from "./permissionRequests.js";

/**
 * What a session sees of governance: the chain (policy, audit …) behind one SessionGuard.
 * Permission requests are read and answered here; every other client method goes down
 * the chain as it came.
 */
export class GovernedGuard extends ForwardingGuard implements SessionGuard {
  private readonly permissions: PermissionRequests;

  constructor(chain: Guard) {
    super(chain);
    this.permissions = new PermissionRequests(chain);
  }

  "session/request_permission"(
    params: RequestPermissionRequest,
    context: GuardContext,
    signal: AbortSignal,
  ): Promise<RequestPermissionResponse> {
    return this.permissions.handle(params, context, signal);
  }

  turnCancelled(): void {
    this.permissions.cancelAll();
  }
}
