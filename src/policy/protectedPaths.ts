import { canonical, matchPathList } from "./pathGlob.js";
import type { PathFact, Policy, SessionPolicyState } from "./policyTypes.js";

export interface Protection {
  ruleId: string;
  reason: string;
}

/**
 * Why a path may never be written, whatever the rules say: outside every allowed root,
 * inside a `.git` directory (any depth, any case, with ignorable code points, trailing dots
 * or the 8.3 short name), inside `.acpgate/`, the config file in use or an `acpgate.yaml`
 * at a root, or a glob of the policy's `protect:` list. Undefined when writable.
 */
export function protectionOf(
  fact: PathFact,
  policy: Policy,
  state: SessionPolicyState,
): Protection | undefined {
  if (!fact.inside || fact.relative === undefined) {
    return {
      ruleId: "protected:outside-roots",
      reason: `${fact.raw} resolves to ${fact.real}, outside the allowed roots`,
    };
  }
  const nocase = fact.caseInsensitive === true;
  if (state.configFile && samePath(fact.real, state.configFile, nocase)) {
    return { ruleId: "protected:config", reason: `${fact.raw} is the acpgate config file` };
  }
  const segments = fact.relative.split("/").map(segmentKey);
  if (segments.some((s) => s === ".git" || s === "git~1")) {
    return { ruleId: "protected:.git", reason: `${fact.raw} is inside a .git directory` };
  }
  if (segments.some((s) => s === ".acpgate")) {
    return { ruleId: "protected:.acpgate", reason: `${fact.raw} is inside .acpgate/` };
  }
  if (segments.length === 1 && /^acpgate\.ya?ml$/.test(segments[0] ?? "")) {
    return { ruleId: "protected:config", reason: `${fact.raw} is an acpgate config file` };
  }
  if (policy.protect.length && matchPathList(policy.protect, () => [fact.relative ?? ""], nocase)) {
    return {
      ruleId: "protected:policy",
      reason: `${fact.raw} matches the protect list of policy '${policy.name}'`,
    };
  }
  return undefined;
}

/**
 * The form a path segment is compared in: NFC, ignorables removed, case-folded, trailing
 * dots and spaces dropped (Windows and some network mounts ignore them). Case-folding is
 * unconditional here: protecting `.GIT` on a case-sensitive disk costs nothing.
 */
function segmentKey(segment: string): string {
  return canonical(segment)
    .toLowerCase()
    .replace(/[. ]+$/, (m) => (segment === m ? m : ""));
}

function samePath(a: string, b: string, nocase: boolean): boolean {
  const [x, y] = [canonical(a), canonical(b)];
  return nocase ? x.toLowerCase() === y.toLowerCase() : x === y;
}
