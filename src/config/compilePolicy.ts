import type { PolicyConfig, PolicyRuleConfig } from "./policySchema.js";
import { AcpgateError } from "../util/errors.js";
import {
  BUILTIN_POLICIES,
  BUILTIN_POLICY_NAMES,
  isBuiltinPolicy,
} from "../policy/builtinPolicies.js";
import type { Policy, Rule } from "../policy/policyTypes.js";

/** The names a session can run under: the built-ins and every configured policy. */
export function policyNames(configured: Readonly<Record<string, PolicyConfig>>): string[] {
  return [...new Set<string>([...BUILTIN_POLICY_NAMES, ...Object.keys(configured)])];
}

/**
 * The policy called `name`: a built-in, or a configured entry laid over its base (the
 * built-in of the same name, `extends`, or the built-in of its posture). Lists append to the
 * base's; scalars override. Unknown names and `extends` cycles are config errors.
 */
export function resolvePolicy(
  name: string,
  configured: Readonly<Record<string, PolicyConfig>>,
  seen: readonly string[] = [],
): Policy {
  if (seen.includes(name)) {
    throw new AcpgateError(
      "config_invalid",
      `policy '${name}' extends itself: ${[...seen, name].join(" → ")}`,
      { policy: name },
    );
  }
  const entry = Object.hasOwn(configured, name) ? configured[name] : undefined;
  if (!entry) {
    if (isBuiltinPolicy(name)) return BUILTIN_POLICIES[name];
    throw new AcpgateError(
      "config_invalid",
      `unknown policy '${name}'; known: ${policyNames(configured).join(", ")}`,
      { policy: name },
    );
  }
  const base =
    entry.extends !== undefined && entry.extends !== name
      ? resolvePolicy(entry.extends, configured, [...seen, name])
      : isBuiltinPolicy(name)
        ? BUILTIN_POLICIES[name]
        : BUILTIN_POLICIES[entry.posture ?? "read-only"];
  const baseDeny =
    entry.defaultDeny === false
      ? base.deny.filter((r) => !r.id.startsWith("default-deny."))
      : base.deny;
  return {
    name,
    description: entry.description ?? base.description,
    posture: entry.posture ?? base.posture,
    deny: [...baseDeny, ...rules(name, "deny", entry.deny)],
    ask: [...base.ask, ...rules(name, "ask", entry.ask)],
    allow: [...base.allow, ...rules(name, "allow", entry.allow)],
    roots: [...base.roots, ...(entry.roots ?? [])],
    protect: [...base.protect, ...(entry.protect ?? [])],
    unattendedAsk: entry.unattendedAsk ?? base.unattendedAsk,
    enforcement: entry.enforcement ?? base.enforcement,
    require: [...new Set([...base.require, ...(entry.require ?? [])])],
    allowAlways: entry.allowAlways ?? base.allowAlways,
    ...((entry.sandbox ?? base.sandbox) ? { sandbox: entry.sandbox ?? base.sandbox } : {}),
    ...((entry.network ?? base.network) ? { network: entry.network ?? base.network } : {}),
    ...((entry.editorMcpServers ?? base.editorMcpServers)
      ? { editorMcpServers: entry.editorMcpServers ?? base.editorMcpServers }
      : {}),
  };
}

function rules(policy: string, list: string, configs: readonly PolicyRuleConfig[]): Rule[] {
  return configs.map((c, i) => ({
    id: c.id ?? `${policy}.${list}[${i}]`,
    ...(c.kind ? { kinds: c.kind } : {}),
    ...(c.paths ? { paths: c.paths } : {}),
    ...(c.command ? { commands: c.command } : {}),
    ...(c.commandRegex ? { commandRegex: c.commandRegex } : {}),
    ...(c.tool ? { tools: c.tool } : {}),
    ...(c.agent ? { agents: c.agent } : {}),
    ...(c.always !== undefined ? { always: c.always } : {}),
    ...(c.reason !== undefined ? { reason: c.reason } : {}),
  }));
}
