import { z } from "zod";
import { extensionsSchema } from "./extensionsSchema.js";

const envMap = z.record(z.string(), z.string());

/** Whether agents run in the OS sandbox (docs/sandbox.md). */
export const sandboxSetting = z
  .enum(["auto", "required", "off"])
  .describe(
    "the OS sandbox (bubblewrap): auto uses it where it works, else a notice; required refuses to start without it",
  );

/** `npx {package, args, env}`: the ACP registry's npx distribution. */
export const npxDistribution = z
  .strictObject({
    package: z.string().min(1).describe("npm package spec, e.g. @scope/agent@1.2.3"),
    args: z.array(z.string()).default([]).describe("arguments after the package"),
    bin: z
      .string()
      .min(1)
      .optional()
      .describe(
        "the executable the package installs: used from PATH when it is not installed beside acpgate",
      ),
    env: envMap.default({}).describe("plain values passed to the agent"),
  })
  .describe("run the agent with npx {package, args}");

/** `binary {cmd, args, env}`: the ACP registry's binary distribution (one platform). */
export const binaryDistribution = z
  .strictObject({
    cmd: z.string().min(1).describe("the executable (on PATH, or a path)"),
    args: z.array(z.string()).default([]),
    env: envMap.default({}).describe("plain values passed to the agent"),
  })
  .describe("run a binary {cmd, args}");

export const riskPosture = z
  .enum(["read-only", "workspace-write"])
  .describe("read-only, or workspace-write (edits inside the workspace)");

export const agentAuth = z
  .strictObject({
    method: z
      .string()
      .min(1)
      .describe("the auth method id to call `authenticate` with (e.g. gateway)"),
    meta: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("sent as `_meta` of the authenticate request"),
  })
  .describe("authenticate after initialize");

/** The fields of an agent entry, without defaults: a config entry may name only some. */
const agentFields = {
  description: z.string().optional().describe("shown by `acpgate agents list`"),
  command: z.string().min(1).optional().describe("the executable: one of command, npx, binary"),
  args: z.array(z.string()).optional().describe("arguments of `command` (after npx/binary args)"),
  env: envMap
    .optional()
    .describe("plain values passed to the agent; `${secret:NAME}` is resolved by the broker"),
  npx: npxDistribution.optional(),
  binary: binaryDistribution.optional(),
  passEnv: z
    .array(z.string())
    .optional()
    .describe("names of variables of acpgate's own environment passed through to the agent"),
  secrets: z
    .array(z.string())
    .optional()
    .describe("secret names resolved by the credential broker into the agent's environment"),
  dialect: z
    .string()
    .optional()
    .describe("which vendor extension methods are accepted (canonical: none; cursor, …)"),
  extensions: extensionsSchema.optional(),
  auth: agentAuth.optional(),
  clientCapabilities: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("extra client capabilities to advertise, merged over acpgate's own"),
  require: z
    .array(z.string())
    .optional()
    .describe("capabilities asserted at initialize (loadSession, mcp.http, image, …)"),
  modes: z
    .record(z.string(), riskPosture)
    .optional()
    .describe("agent mode id → the risk posture it stands for"),
  fileAccess: z
    .enum(["client", "self"])
    .optional()
    .describe(
      "client: files only through the client's fs/* methods (policy can enforce read-only); " +
        "self (when unset): it may write on its own, so read-only needs a read-only mode " +
        "or `enforcement: permission-only`",
    ),
  sandbox: sandboxSetting.optional(),
  startupTimeout: z
    .union([z.string(), z.number()])
    .optional()
    .describe("seconds, or a duration (30s, 2m), for initialize and session setup"),
};

const launchForms = (entry: { command?: unknown; npx?: unknown; binary?: unknown }): number =>
  [entry.command !== undefined, entry.npx !== undefined, entry.binary !== undefined].filter(Boolean)
    .length;

/**
 * An agent as `acpgate.yaml` writes it: a whole entry, or — for an agent the catalogue
 * already knows (built-in or from a registry) — only the fields it refines. Whether an entry
 * that names no way to start refers to a known agent is checked with the catalogue.
 */
export const agentConfigSchema = z
  .strictObject(agentFields)
  .refine((entry) => launchForms(entry) <= 1, {
    message: "an agent takes at most one of `command`, `npx` or `binary`",
  })
  .meta({
    description:
      "an ACP agent: how to start it and what it is given; for a built-in or registry agent, " +
      "only the fields that refine it",
    not: {
      anyOf: [
        { required: ["command", "npx"] },
        { required: ["command", "binary"] },
        { required: ["npx", "binary"] },
      ],
    },
  });

export type AgentConfig = z.output<typeof agentConfigSchema>;

/** The effective entry a session starts from: every field with its default. */
export const agentEntrySchema = z
  .strictObject({
    ...agentFields,
    args: agentFields.args.default([]),
    env: envMap.default({}),
    passEnv: z.array(z.string()).default([]),
    secrets: z.array(z.string()).default([]),
    dialect: z.string().default("canonical"),
    require: z.array(z.string()).default([]),
    modes: z.record(z.string(), riskPosture).default({}),
  })
  .refine((entry) => launchForms(entry) === 1, {
    message: "an agent needs exactly one of `command`, `npx` or `binary`",
  });

export type AgentEntry = z.output<typeof agentEntrySchema>;
export type AgentEntryInput = z.input<typeof agentEntrySchema>;
