import { modeAllowed } from "./modeRisk.js";
import { postureDefault } from "./postureDefault.js";
import { protectionOf } from "./protectedPaths.js";
import { ruleMatches } from "./ruleMatch.js";
import {
  LOOK_KINDS,
  WRITE_KINDS,
  type Decision,
  type Policy,
  type PolicyRequest,
  type Rule,
  type SessionPolicyState,
} from "./policyTypes.js";

/**
 * The one decision, pure: protected paths → deny → mode limits → ask → allow → posture.
 * First match wins within a list; deny always wins over ask and allow. An `ask` the session
 * already approved with `allow_always` (a grant) becomes `allow`. Paths arrive resolved.
 */
export function decide(
  request: PolicyRequest,
  policy: Policy,
  state: SessionPolicyState = {},
): Decision {
  const decision = decideWithoutGrants(request, policy, state);
  if (decision.outcome !== "ask") return decision;
  const name = request.toolName ?? request.title;
  const grant = (state.grants ?? []).find(
    (g) => g.toolName === name && request.kinds.every((k) => g.kinds.includes(k)),
  );
  if (!grant) return decision;
  return {
    outcome: "allow",
    ruleId: `grant:${grant.id}`,
    reason: `approved with allow_always earlier in this session (${decision.ruleId} asked)`,
  };
}

function decideWithoutGrants(
  request: PolicyRequest,
  policy: Policy,
  state: SessionPolicyState,
): Decision {
  const hard = hardLimit(request, policy, state);
  if (hard) return hard;
  const deny = firstMatch(policy.deny, request, "any");
  if (deny) return unknownNote(fromRule("reject", deny, "denied"), deny, request);
  const mode = modeLimit(request, policy, state);
  if (mode) return mode;
  const ask = firstMatch(policy.ask, request, "any");
  if (ask) return unknownNote(fromRule("ask", ask, "needs approval"), ask, request);
  const allow = firstMatch(policy.allow, request, "all");
  if (allow) {
    const always = allow.always === true && policy.allowAlways;
    return { ...fromRule("allow", allow, "allowed"), scope: always ? "always" : "once" };
  }
  const fallback = postureDefault(request, policy);
  return fallback.outcome === "allow" ? { ...fallback, scope: "once" } : fallback;
}

/** Protected paths: never writable; nothing but looking happens outside the allowed roots. */
function hardLimit(
  request: PolicyRequest,
  policy: Policy,
  state: SessionPolicyState,
): Decision | undefined {
  const writes = request.kinds.some((k) => WRITE_KINDS.includes(k));
  const acts = request.kinds.some((k) => !LOOK_KINDS.includes(k) && k !== "switch_mode");
  if (writes && request.pathsUnknown) {
    return {
      outcome: "reject",
      ruleId: "protected:unknown-path",
      reason: "the request changes files it does not name: read as the most dangerous path",
    };
  }
  for (const fact of request.paths) {
    const protection = protectionOf(fact, policy, state);
    if (!protection) continue;
    if (writes || (acts && protection.ruleId === "protected:outside-roots"))
      return { outcome: "reject", ...protection };
  }
  return undefined;
}

/** A switch to a mode riskier than the posture (or of unknown risk) is refused. */
function modeLimit(
  request: PolicyRequest,
  policy: Policy,
  state: SessionPolicyState,
): Decision | undefined {
  if (!request.kinds.includes("switch_mode")) return undefined;
  const target = request.targetMode;
  if (target !== undefined && modeAllowed(state.modes ?? {}, target, policy.posture))
    return undefined;
  return {
    outcome: "reject",
    ruleId: "mode:above-posture",
    reason:
      target === undefined
        ? `a switch to a mode that cannot be told is refused in a ${policy.posture} session`
        : `mode '${target}' is riskier than the ${policy.posture} posture`,
  };
}

function firstMatch(
  rules: readonly Rule[],
  request: PolicyRequest,
  mode: "any" | "all",
): Rule | undefined {
  return rules.find((rule) => ruleMatches(rule, request, mode));
}

function fromRule(outcome: Decision["outcome"], rule: Rule, verb: string): Decision {
  return { outcome, ruleId: rule.id, reason: rule.reason ?? `${verb} by rule ${rule.id}` };
}

/** Says so when a rule matched only because the request left its command or paths unknown. */
function unknownNote(decision: Decision, rule: Rule, request: PolicyRequest): Decision {
  const byCommand = request.commandUnknown && (rule.commands || rule.commandRegex);
  const byPath = request.pathsUnknown && rule.paths;
  if (!byCommand && !byPath) return decision;
  const what = byCommand ? "command" : "paths";
  return {
    ...decision,
    reason: `${decision.reason} (the ${what} cannot be determined: read as the most dangerous)`,
  };
}
