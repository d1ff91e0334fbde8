import type {
  AgentContext,
  PermissionOption,
  RequestPermissionRequest,
} from "@agentclientprotocol/sdk";
import type { ApprovalRequest, Approver, ApproverVerdict } from "../../governance/approver.js";

/** The agent's own permission requests of one session, by tool call id (from the raw tap). */
export type PermissionParamsOf = (toolCallId: string) => RequestPermissionRequest | undefined;

const ASK_OPTIONS: PermissionOption[] = [
  { optionId: "allow", name: "Allow once", kind: "allow_once" },
  { optionId: "reject", name: "Reject", kind: "reject_once" },
];

/**
 * The person at the editor answers `ask`: the agent's permission request goes to the editor
 * as the agent sent it (its options, its tool call, the agent's session id), or — for an
 * fs/* or terminal/* call policy asks about — a request acpgate words itself. The answer is
 * read by option kind; the chain records it as a human approval before the agent hears it.
 */
export class EditorApprover implements Approver {
  private seq = 0;

  constructor(
    private readonly editor: AgentContext,
    private readonly agentSessionId: () => string,
    private readonly permissionParams: PermissionParamsOf,
    private readonly person: string,
  ) {}

  async ask(request: ApprovalRequest, signal: AbortSignal): Promise<ApproverVerdict> {
    const own = request.toolCallId ? this.permissionParams(request.toolCallId) : undefined;
    const params: RequestPermissionRequest = own ?? {
      sessionId: this.agentSessionId(),
      toolCall: {
        toolCallId: request.toolCallId ?? `acpgate-ask-${++this.seq}`,
        title: request.title,
      },
      options: ASK_OPTIONS,
      _meta: { acpgate: { ruleId: request.decision.ruleId, reason: request.decision.reason } },
    };
    const response = await this.editor.request("session/request_permission", params, {
      cancellationSignal: signal,
    });
    const outcome = response.outcome;
    const chosen =
      outcome.outcome === "selected"
        ? params.options.find((o) => o.optionId === outcome.optionId)
        : undefined;
    const kind = chosen?.kind;
    const allowed = kind === "allow_once" || kind === "allow_always";
    return {
      ...request.decision,
      outcome: allowed ? "allow" : "reject",
      decidedBy: this.person,
      reason: chosen
        ? `${this.person} chose '${chosen.name}' in the editor`
        : `${this.person} dismissed the request in the editor`,
      scope: kind === "allow_always" ? "always" : "once",
    };
  }
}
