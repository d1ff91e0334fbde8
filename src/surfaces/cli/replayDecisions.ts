import type { RequestPermissionRequest } from "@agentclientprotocol/sdk";
import type { AgentEntry } from "../../config/agentSchema.js";
import type { RecordedPermission, SessionRow } from "../../audit/auditStore.js";
import type { Policy } from "../../policy/policyTypes.js";
import { PolicyGuard } from "../../governance/policyGuard.js";
import { permissionView } from "../../governance/requestView.js";
import type { ToolCallState } from "../../sessions/toolCallTracker.js";

/** How a replayed decision compares with the recorded one. */
export type ReplayChange = "same" | "allow" | "refuse" | "ask";

/** One recorded permission request, decided again. Stable: `policy replay --json` prints it. */
export interface ReplayedDecision {
  recordId: number;
  time: string;
  sessionId: string;
  agentId: string;
  requestId: string | null;
  title: string;
  kinds: string[];
  paths: string[];
  command: string | null;
  recorded: {
    outcome: "allow" | "reject" | "cancelled" | "none";
    ruleId: string | null;
    by: string | null;
  };
  replayed: { outcome: "allow" | "reject" | "ask"; ruleId: string; reason: string };
  change: ReplayChange;
}

export interface ReplayInputs {
  policy: Policy;
  /** Another policy by name (a PolicyGuard needs it for promotion; replay never promotes). */
  policies: (name: string) => Policy;
  session: (id: string) => Promise<SessionRow | undefined>;
  /** The agent's catalogue entry (its modes judge switch_mode), when it is still configured. */
  entry: (agentId: string) => Pick<AgentEntry, "modes" | "fileAccess">;
  /** Real path of the config file in use: protected as at run time. */
  configFile?: string;
  /** Where sessions whose row is missing resolve their paths. */
  fallbackCwd: string;
}

/**
 * Decides every recorded permission request again under `inputs.policy`, with the pure
 * decision a PolicyGuard makes (no grants, nobody asked): the full ACP request and the tool
 * call the agent had announced, as recorded, resolved against the session's recorded cwd.
 */
export async function replayDecisions(
  recorded: readonly RecordedPermission[],
  inputs: ReplayInputs,
): Promise<ReplayedDecision[]> {
  const guards = new Map<string, PolicyGuard>();
  const out: ReplayedDecision[] = [];
  try {
    for (const { asked, decided } of recorded) {
      let guard = guards.get(asked.sessionId);
      if (!guard) {
        const row = await inputs.session(asked.sessionId);
        guard = new PolicyGuard({
          policy: inputs.policy,
          policies: inputs.policies,
          agentId: asked.agentId,
          entry: inputs.entry(asked.agentId),
          cwd: row?.cwd ?? inputs.fallbackCwd,
          ...(inputs.configFile ? { configFile: inputs.configFile } : {}),
          unattended: true,
        });
        guards.set(asked.sessionId, guard);
      }
      const request = asked.data?.request as RequestPermissionRequest | undefined;
      if (!request?.toolCall) continue;
      const announced = (asked.data?.announced ?? undefined) as ToolCallState | undefined;
      const view = permissionView(request, announced, guard.workspaceRoots(), asked.agentId);
      const now = guard.explain(view);
      const before = decided?.decision;
      const recordedOutcome = before?.outcome ?? "none";
      out.push({
        recordId: asked.id,
        time: asked.time,
        sessionId: asked.sessionId,
        agentId: asked.agentId,
        requestId: asked.requestId ?? null,
        title: view.title ?? "",
        kinds: [...view.kinds],
        paths: view.paths.map((p) => p.raw),
        command: view.command ?? null,
        recorded: {
          outcome: recordedOutcome,
          ruleId: before?.ruleId ?? null,
          by: before ? (before.approver ?? decided?.actor ?? null) : null,
        },
        replayed: { outcome: now.outcome, ruleId: now.ruleId, reason: now.reason },
        change: changeOf(recordedOutcome, before?.ruleId, before?.approver, now),
      });
    }
  } finally {
    for (const guard of guards.values()) await guard.dispose();
  }
  return out;
}

/**
 * `ask` is the same as before when the recorded answer came from asking: a person answered,
 * or the same rule asked and nobody could answer. Cancelled counts as refused.
 */
function changeOf(
  recorded: ReplayedDecision["recorded"]["outcome"],
  ruleId: string | undefined,
  approver: string | undefined,
  now: { outcome: "allow" | "reject" | "ask"; ruleId: string },
): ReplayChange {
  if (now.outcome === "ask")
    return approver !== undefined || (ruleId !== undefined && ruleId === now.ruleId)
      ? "same"
      : "ask";
  if (now.outcome === "allow") return recorded === "allow" ? "same" : "allow";
  return recorded === "reject" || recorded === "cancelled" ? "same" : "refuse";
}
