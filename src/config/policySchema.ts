import { z } from "zod";
import { riskPosture, sandboxSetting } from "./agentSchema.js";
import { TOOL_KINDS } from "../policy/toolKinds.js";
import { parseHostPattern } from "../policy/hostPattern.js";

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
const hostPatternText = z.string().superRefine((text, ctx) => {
  const parsed = parseHostPattern(text);
  if (typeof parsed === "string") ctx.addIssue({ code: "custom", message: parsed });
});

/** The sandbox's network: the host's, none, or an allow list through acpgate's egress proxy. */
const networkSetting = z
  .union([
    z.enum(["shared", "none"]),
    z
      .object({
        allow: z
          .array(hostPatternText)
          .min(1)
          .describe("host[:port], *.domain[:port] or an IP literal; everything else refused"),
      })
      .strict(),
  ])
  .describe(
    "the sandbox's network: the host's (default), none (loopback only), or {allow: [hosts]} through acpgate's egress proxy",
  );

export const policyRuleSchema = z
  .strictObject({
    id: z
      .string()
      .min(1)
      .optional()
      .describe("stable id shown in decisions and the audit (default: <policy>.<list>[<index>])"),
    kind: oneOrMany(z.enum(TOOL_KINDS)).optional().describe("ACP tool kinds"),
    paths: oneOrMany(z.string().min(1))
      .optional()
      .describe("path globs relative to the allowed root (src/**), absolute (/etc/**); ! negates"),
    command: oneOrMany(z.string().min(1))
      .optional()
      .describe("command prefixes, token-wise (npm test matches npm test --x, not npm testing)"),
    commandRegex: oneOrMany(regex)
      .optional()
      .describe("regular expressions tested against the command and each of its segments"),
    tool: oneOrMany(z.string().min(1))
      .optional()
      .describe("tool names, * wildcards (mcp__github__*)"),
    agent: oneOrMany(z.string().min(1)).optional().describe("agent ids the rule applies to"),
    always: z
      .boolean()
      .optional()
      .describe("allow rules: answer allow_always (only when the policy sets allowAlways)"),
    reason: z.string().optional().describe('shown instead of "denied by rule …"'),
  })
  .refine(
    (r) =>
      [r.kind, r.paths, r.command, r.commandRegex, r.tool, r.agent].some((c) => c !== undefined),
    { message: "a rule needs at least one of kind, paths, command, commandRegex, tool, agent" },
  )
  // The refinement above, for the JSON Schema.
  .meta({
    description: "every condition given must hold; a list inside a condition is any-of",
    anyOf: ["kind", "paths", "command", "commandRegex", "tool", "agent"].map((key) => ({
      required: [key],
    })),
  });

/**
 * A policy entry. An entry named `read-only` or `workspace-write` refines the built-in of that
 * name; any other starts from the built-in of its `posture` (or of `extends`). Lists are
 * appended to the base's, other fields override it.
 */
export const policySchema = z
  .strictObject({
    description: z.string().optional(),
    extends: z.string().optional().describe("a built-in or configured policy to refine"),
    posture: riskPosture.optional(),
    deny: z.array(policyRuleSchema).default([]).describe("rules that refuse (checked first)"),
    ask: z.array(policyRuleSchema).default([]).describe("rules that ask a person (then)"),
    allow: z.array(policyRuleSchema).default([]).describe("rules that allow (last)"),
    roots: z
      .array(z.string().min(1))
      .optional()
      .describe("extra roots (absolute or relative to the session cwd) the session may write in"),
    protect: z.array(z.string().min(1)).optional().describe("extra globs that are never writable"),
    unattendedAsk: z
      .enum(["reject", "fail"])
      .optional()
      .describe("ask with nobody to answer: reject the request (default) or fail the run"),
    enforcement: z
      .enum(["auto", "permission-only"])
      .optional()
      .describe("permission-only accepts read-only enforced by permission answers alone"),
    sandbox: sandboxSetting.optional(),
    network: networkSetting.optional(),
    editorMcpServers: z
      .enum(["keep", "merge", "replace"])
      .optional()
      .describe(
        "acpgate proxy: the editor's own MCP servers are merged with the environment's (default; the environment's wins a name clash), kept (the editor's win) or replaced by them",
      ),
    require: z
      .array(z.string())
      .optional()
      .describe("capabilities the agent must have (agent require: names, modes, read-only-mode)"),
    allowAlways: z
      .boolean()
      .optional()
      .describe("whether allow_always may be answered and approvals remembered for the session"),
    defaultDeny: z
      .boolean()
      .optional()
      .describe("keep the shipped default deny list (true unless set false)"),
  })
  .describe("a policy: deny → ask → allow rules over a posture");

export type PolicyConfig = z.output<typeof policySchema>;
export type PolicyRuleConfig = z.output<typeof policyRuleSchema>;
