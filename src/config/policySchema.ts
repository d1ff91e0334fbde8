import { z } from "zod";
import { riskPosture } from "./agentSchema.js";
import { TOOL_KINDS } from "../policy/toolKinds.js";

/** `x` or `[x, y]`, read as a list. */
const oneOrMany = <T extends z.ZodType<string>>(item: T) =>
  z.union([item, z.array(item).min(1)]).transform((v) => (Array.isArray(v) ? v : [v]));

const regex = z.string().refine(
  (source) => {
    try {
      new RegExp(source);
      return true;
    } catch {
      return false;
    }
  },
  { message: "not a valid regular expression" },
);

/**
 * One rule of a `deny`, `ask` or `allow` list. Every condition given must hold (AND); a
 * list inside a condition is any-of. At least one condition is required: a rule that
 * matches everything must say so (`kind: [read, edit, …]`).
 */
export const policyRuleSchema = z
  .strictObject({
    /** Stable id shown in decisions and the audit; default `<policy>.<list>[<index>]`. */
    id: z.string().min(1).optional(),
    kind: oneOrMany(z.enum(TOOL_KINDS)).optional(),
    /** Path globs relative to the allowed root (`src/**`), absolute (`/etc/**`), `!` negates. */
    paths: oneOrMany(z.string().min(1)).optional(),
    /** Command prefixes, token-wise (`npm test` matches `npm test --x`, not `npm testing`). */
    command: oneOrMany(z.string().min(1)).optional(),
    /** Regular expressions tested against the command and each of its segments. */
    commandRegex: oneOrMany(regex).optional(),
    /** Tool names, `*` wildcards (`mcp__github__*`). */
    tool: oneOrMany(z.string().min(1)).optional(),
    /** Agent ids the rule applies to. */
    agent: oneOrMany(z.string().min(1)).optional(),
    /** Allow rules: answer `allow_always` (only when the policy sets `allowAlways`). */
    always: z.boolean().optional(),
    /** Shown instead of "denied by rule …". */
    reason: z.string().optional(),
  })
  .refine(
    (r) =>
      [r.kind, r.paths, r.command, r.commandRegex, r.tool, r.agent].some((c) => c !== undefined),
    { message: "a rule needs at least one of kind, paths, command, commandRegex, tool, agent" },
  );

/**
 * A policy entry. An entry named `read-only` or `workspace-write` refines the built-in of that
 * name; any other starts from the built-in of its `posture` (or of `extends`). Lists are
 * appended to the base's, other fields override it.
 */
export const policySchema = z.strictObject({
  description: z.string().optional(),
  /** A built-in or configured policy to refine. */
  extends: z.string().optional(),
  posture: riskPosture.optional(),
  deny: z.array(policyRuleSchema).default([]),
  ask: z.array(policyRuleSchema).default([]),
  allow: z.array(policyRuleSchema).default([]),
  /** Extra roots (absolute or relative to the session cwd) the session may write in. */
  roots: z.array(z.string().min(1)).optional(),
  /** Extra globs that are never writable. */
  protect: z.array(z.string().min(1)).optional(),
  /** `ask` with nobody to answer: `reject` the request (default) or `fail` the run. */
  unattendedAsk: z.enum(["reject", "fail"]).optional(),
  /** `permission-only` accepts read-only enforced by permission answers alone (see docs). */
  enforcement: z.enum(["auto", "permission-only"]).optional(),
  /** Capabilities the agent must have (agent `require:` names, `modes`, `read-only-mode`). */
  require: z.array(z.string()).optional(),
  /** Whether `allow_always` may be answered and approvals remembered for the session. */
  allowAlways: z.boolean().optional(),
  /** Keep the shipped default deny list (true unless set false). */
  defaultDeny: z.boolean().optional(),
});

export type PolicyConfig = z.output<typeof policySchema>;
export type PolicyRuleConfig = z.output<typeof policyRuleSchema>;
