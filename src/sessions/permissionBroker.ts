import type {
  PermissionOption,
  RequestPermissionRequest,
  RequestPermissionResponse,
} from "@agentclientprotocol/sdk";
import { deferred, type Deferred } from "../util/deferred.js";
import type { PermissionVerdict } from "./sessionGuard.js";

const CANCELLED: RequestPermissionResponse = { outcome: { outcome: "cancelled" } };

/**
 * Picks the option that carries a verdict, by option **kind**, never by id (Cursor says
 * `allow-once`). `allow_always` only when the verdict's scope is `always`.
 */
export function pickOption(
  options: PermissionOption[],
  verdict: PermissionVerdict,
): PermissionOption | undefined {
  const byKind = (kind: string): PermissionOption | undefined =>
    options.find((o) => o.kind === kind);
  if (verdict.outcome === "allow") {
    return verdict.scope === "always"
      ? (byKind("allow_always") ?? byKind("allow_once"))
      : byKind("allow_once");
  }
  return byKind("reject_once") ?? byKind("reject_always");
}

export function answerFor(
  request: RequestPermissionRequest,
  verdict: PermissionVerdict,
): { response: RequestPermissionResponse; option: PermissionOption | undefined } {
  const option = pickOption(request.options, verdict);
  // No option of the needed kind: refusing is always possible by answering cancelled.
  if (!option) return { response: CANCELLED, option: undefined };
  return { response: { outcome: { outcome: "selected", optionId: option.optionId } }, option };
}

/** Pending permission requests of a session: all answered `cancelled` on session/cancel. */
export class PendingPermissions {
  private readonly pending = new Set<Deferred<"cancelled">>();

  /** Races `decision` against cancellation of the turn. */
  async race<T>(decision: Promise<T>): Promise<T | "cancelled"> {
    const cancel = deferred<"cancelled">();
    this.pending.add(cancel);
    try {
      return await Promise.race([decision, cancel.promise]);
    } finally {
      this.pending.delete(cancel);
    }
  }

  get size(): number {
    return this.pending.size;
  }

  /** MUST answer every pending request `cancelled` after session/cancel. */
  cancelAll(): void {
    for (const cancel of this.pending) cancel.resolve("cancelled");
    this.pending.clear();
  }
}

export const CANCELLED_RESPONSE = CANCELLED;
