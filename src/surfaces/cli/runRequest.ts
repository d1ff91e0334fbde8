import { resolve } from "node:path";
import type { GovernedRequest } from "../../governance/governedSessions.js";
import type { Policy } from "../../policy/policyTypes.js";
import type { Plane } from "../plane.js";
import { describeResume, resumeTarget } from "./resumeTarget.js";
import { checkRunName } from "./runName.js";

export interface RunFlags {
  agent?: string | undefined;
  cwd?: string | undefined;
  policy?: string | undefined;
  env?: string | undefined;
  resume?: string | undefined;
  name?: string | undefined;
}

export interface RunRequest {
  request: GovernedRequest;
  /** The policy the session runs under (a resumed one: the recorded policy). */
  policy: Policy;
  /** Said before the turn (text format): what a resumed run continues. */
  note?: string;
  /** Added to `run_finished`. */
  facts: { agentId: string; name?: string; resumedFrom?: string };
}

/**
 * The session `acpgate run` opens: a new one from the flags, or (`--resume`) the recorded one
 * continued with its agent, cwd, policy, environment and mode. Refusals throw before any
 * agent is spawned: `resume_refused` (exit 4), a taken or malformed `--name` (exit 2).
 */
export async function runRequest(plane: Plane, flags: RunFlags): Promise<RunRequest> {
  const cwd = resolve(flags.cwd ?? ".");
  const target =
    flags.resume === undefined
      ? undefined
      : await resumeTarget(plane.audit, flags.resume, {
          agent: flags.agent,
          cwd,
          policy: flags.policy,
          environment: flags.env,
        });
  if (flags.name !== undefined) await checkRunName(plane.audit, flags.name);
  const named = flags.name !== undefined ? { name: flags.name } : {};
  if (target) {
    return {
      request: { ...target.request, unattended: true, ...named },
      policy: plane.policyFor(target.request.policy),
      note: describeResume(target),
      facts: { agentId: target.request.agentId, ...named, resumedFrom: target.row.id },
    };
  }
  const agentId = flags.agent ?? plane.config.defaultAgent ?? "demo";
  return {
    request: {
      agentId,
      cwd,
      unattended: true,
      policy: plane.policy.name,
      ...(flags.env !== undefined ? { environment: flags.env } : {}),
      ...named,
    },
    policy: plane.policy,
    facts: { agentId, ...named },
  };
}
