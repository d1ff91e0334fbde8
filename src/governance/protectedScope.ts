import { basename, dirname, join, relative, sep } from "node:path";
import { protectionOf } from "../policy/protectedPaths.js";
import type { PathFact, Policy, PolicyRequest, Rule } from "../policy/policyTypes.js";
import { ruleMatches } from "../policy/ruleMatch.js";
import type { WorkspaceRoots } from "../workspace/pathFacts.js";
import type { ProtectedScope } from "../workspace/protectedFingerprint.js";

export interface ScopeFacts {
  policy: Policy;
  roots: WorkspaceRoots;
  agentId: string;
  /** Real path of the config file in use. */
  configFile?: string;
  /** Files acpgate itself writes (the configured SQLite audit file): never a change. */
  ownFiles?: readonly string[];
}

/** The protected scope of a session, and how to name what changed in it. */
export interface SessionScope extends ProtectedScope {
  /** The rule that protects a path: `protected:.git`, `protected:config`, a deny rule's id … */
  ruleOf(path: string): string;
  /** The path as people read it: relative to the session cwd when inside it. */
  display(path: string): string;
}

/**
 * What the integrity check fingerprints, derived from the same definitions policy decides
 * with: each root's `.git` and `.acpgate` (whole), the config file in use and a root's
 * `acpgate.yaml`/`.yml`, and — by a walk of the roots, only when the policy has any — every
 * path the policy's `protect:` globs or its deny rules that refuse an edit name (any `.git`
 * at depth is then found too). acpgate's own audit database files are left out, and so is the coming and going of
 * their directory (the store may open after the baseline); other entries in it are not.
 */
export function protectedScope(facts: ScopeFacts): SessionScope {
  const { policy, roots, agentId } = facts;
  const state = { ...(facts.configFile ? { configFile: facts.configFile } : {}), grants: [] };
  const rootDirs = roots.roots.map((r) => r.real);
  const whole = rootDirs.flatMap((root) =>
    [".git", ".acpgate", "acpgate.yaml", "acpgate.yml"].map((name) => join(root, name)),
  );
  if (facts.configFile) whole.push(facts.configFile);
  const own = new Set(
    (facts.ownFiles ?? []).flatMap((f) => [f, `${f}-wal`, `${f}-shm`, `${f}-journal`]),
  );
  const exclude = (path: string): boolean =>
    own.has(path) ||
    (basename(path).startsWith("acpgate.db") &&
      rootDirs.some((root) => path.startsWith(join(root, ".acpgate") + sep)));
  const ownDirs = new Set([
    ...(facts.ownFiles ?? []).map((f) => dirname(f)),
    ...rootDirs.map((root) => join(root, ".acpgate")),
  ]);
  const denies = policy.deny.filter((rule) => refusesEdits(rule, agentId));
  const factOf = (path: string): PathFact | undefined => {
    for (const root of roots.roots) {
      const rel = relative(root.real, path);
      if (rel === "" || rel.startsWith("..") || rel.startsWith(sep)) continue;
      const relativePath = rel.split(sep).join("/");
      return {
        raw: relativePath,
        real: path,
        relative: relativePath,
        inside: true,
        root: root.real,
        caseInsensitive: root.caseInsensitive,
      };
    }
    return undefined;
  };
  const denyOf = (fact: PathFact): Rule | undefined => {
    const request: PolicyRequest = { source: "fs_write", kinds: ["edit"], paths: [fact], agentId };
    return denies.find((rule) => ruleMatches(rule, request, "any"));
  };
  const ruleOf = (path: string): string => {
    const fact = factOf(path);
    if (!fact) return facts.configFile === path ? "protected:config" : "protected";
    return protectionOf(fact, policy, state)?.ruleId ?? denyOf(fact)?.id ?? "protected";
  };
  const covers = (path: string): boolean => {
    const fact = factOf(path);
    return fact !== undefined && (!!protectionOf(fact, policy, state) || !!denyOf(fact));
  };
  return {
    whole,
    exclude,
    ownDir: (path) => ownDirs.has(path),
    ...(policy.protect.length || denies.length ? { walk: { roots: rootDirs, covers } } : {}),
    ruleOf,
    display: (path) => {
      const rel = relative(roots.cwd, path);
      return rel && !rel.startsWith("..") ? rel.split(sep).join("/") : path;
    },
  };
}

/** A deny rule that refuses an edit of the paths it names, whatever tool or command asks. */
function refusesEdits(rule: Rule, agentId: string): boolean {
  return (
    !!rule.paths?.length &&
    (!rule.kinds || rule.kinds.includes("edit")) &&
    (!rule.agents || rule.agents.includes(agentId)) &&
    !rule.tools &&
    !rule.commands &&
    !rule.commandRegex
  );
}
