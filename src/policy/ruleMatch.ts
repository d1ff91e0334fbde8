import { parseCommand, segmentHasPrefix } from "./commandLine.js";
import { matchPathList } from "./pathGlob.js";
import type { PathFact, PolicyRequest, Rule } from "./policyTypes.js";
import type { ToolKind } from "./toolKinds.js";

/**
 * How a rule is read against a request that may mean several things. `any` (deny, ask): the
 * rule matches if it fits ANY reading — a path, a kind, a command segment. `all` (allow): it
 * must fit EVERY reading, and nothing unknown may remain. This is what makes an ambiguous
 * request count as its most dangerous reading.
 */
export type MatchMode = "any" | "all";

export function ruleMatches(rule: Rule, request: PolicyRequest, mode: MatchMode): boolean {
  const all = mode === "all";
  if (rule.agents && !rule.agents.includes(request.agentId)) return false;
  if (rule.kinds && !quantify(request.kinds, mode, (k: ToolKind) => rule.kinds!.includes(k)))
    return false;
  if (rule.tools && !toolMatches(rule.tools, request, mode)) return false;
  if (rule.paths && !pathsMatch(rule.paths, request, mode)) return false;
  if ((rule.commands || rule.commandRegex) && !commandMatches(rule, request, all)) return false;
  return true;
}

function quantify<T>(items: readonly T[], mode: MatchMode, test: (item: T) => boolean): boolean {
  if (items.length === 0) return false;
  return mode === "all" ? items.every(test) : items.some(test);
}

function toolMatches(tools: readonly string[], request: PolicyRequest, mode: MatchMode): boolean {
  const names = [request.toolName, ...(mode === "any" ? [request.title] : [])].filter(
    (n): n is string => !!n,
  );
  if (names.length === 0) return false;
  return names.some((name) => tools.some((glob) => toolGlob(glob).test(name)));
}

function toolGlob(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  return new RegExp(`^${body}$`);
}

function pathsMatch(patterns: readonly string[], request: PolicyRequest, mode: MatchMode): boolean {
  if (request.pathsUnknown) {
    // An unknown path might be any path: every deny/ask with a positive glob fits it,
    // no allow does.
    return mode === "any" && patterns.some((p) => !p.startsWith("!"));
  }
  return quantify(request.paths, mode, (fact) =>
    matchPathList(patterns, (glob) => formsFor(glob, fact, mode), fact.caseInsensitive === true),
  );
}

/**
 * The names of a path a glob is compared with. Absolute globs see the real path; relative
 * globs see the path relative to its root, and — for deny and ask only — the real path
 * without its leading `/`, so `**\/.env` also catches an `.env` outside every root.
 */
function formsFor(glob: string, fact: PathFact, mode: MatchMode): string[] {
  if (isAbsoluteGlob(glob)) return [fact.real];
  const forms: string[] = [];
  if (fact.relative !== undefined) forms.push(fact.relative === "" ? "." : fact.relative);
  if (mode === "any") forms.push(fact.real.replace(/^\/+/, ""));
  return forms;
}

const isAbsoluteGlob = (glob: string): boolean => glob.startsWith("/");

function commandMatches(rule: Rule, request: PolicyRequest, strict: boolean): boolean {
  // A command that cannot be told fits every deny and ask, no allow.
  if (request.commandUnknown) return !strict;
  if (request.command === undefined) return false;
  const parsed = parseCommand(request.command);
  if (parsed.segments.length === 0) return false;
  // What an allow rule approves must be all there is to run: no computed parts, no writes
  // through redirection.
  if (strict && (parsed.substitutes || parsed.redirectsOutput)) return false;
  const regexes = (rule.commandRegex ?? []).map((r) => new RegExp(r));
  const segmentOk = (segment: string[]): boolean =>
    (rule.commands ?? []).some((p) => segmentHasPrefix(segment, p, strict)) ||
    regexes.some((re) => re.test(segment.join(" ")));
  if (strict) return parsed.segments.every(segmentOk);
  return parsed.segments.some(segmentOk) || regexes.some((re) => re.test(request.command ?? ""));
}
