import type { PermissionOption, RequestPermissionRequest } from "@agentclientprotocol/sdk";
import type { Verdict } from "../policy/policyTypes.js";
import type { PermissionAnswer } from "./guard.js";

/**
 * Picks the option that carries a verdict, by option **kind**, never by id (Cursor says
 * `allow-once`). `allow_always` only when the verdict's scope is `always`.
 */
export function pickOption(
  options: readonly PermissionOption[],
  verdict: Pick<Verdict, "outcome" | "scope">,
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

/**
 * The answer to send for a verdict, and what it means: an allow the agent offered no option
 * for is a refusal (answered `cancelled`, the one answer always possible).
 */
export function answerFor(request: RequestPermissionRequest, verdict: Verdict): PermissionAnswer {
  const option = pickOption(request.options, verdict);
  const common = {
    reason: verdict.reason,
    decidedBy: verdict.decidedBy,
    ruleId: verdict.ruleId,
    ...(verdict.scope ? { scope: verdict.scope } : {}),
    ...(verdict.httpRequestId ? { httpRequestId: verdict.httpRequestId } : {}),
  };
  if (!option) return { ...common, outcome: "reject", response: CANCELLED_RESPONSE };
  return {
    ...common,
    outcome: verdict.outcome === "allow" ? "allow" : "reject",
    optionKind: option.kind,
    response: { outcome: { outcome: "selected", optionId: option.optionId } },
  };
}

/** The answer after session/cancel: decided by the client, not by policy. */
export function cancelledAnswer(): PermissionAnswer {
  return {
    outcome: "cancelled",
    reason: "turn cancelled",
    decidedBy: "client",
    response: CANCELLED_RESPONSE,
  };
}

export const CANCELLED_RESPONSE = { outcome: { outcome: "cancelled" } } as const;
