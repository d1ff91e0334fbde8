import { z } from "zod";
import { extensionsSchema } from "./extensionsSchema.js";

const envMap = z.record(z.string(), z.string());

/** `npx {package, args, env}`: the ACP registry's npx distribution. */
export const npxDistribution = z.strictObject({
  package: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: envMap.default({}),
});

/** `binary {cmd, args, env}`: the ACP registry's binary distribution (one platform). */
export const binaryDistribution = z.strictObject({
  cmd: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: envMap.default({}),
});

export const riskPosture = z.enum(["read-only", "workspace-write"]);

export const agentAuth = z.strictObject({
  /** The auth method id to call `authenticate` with (e.g. `gateway`). */
  method: z.string().min(1),
  /** Sent as `_meta` of the authenticate request. */
  meta: z.record(z.string(), z.unknown()).optional(),
});

export const agentEntrySchema = z
  .strictObject({
    description: z.string().optional(),
    command: z.string().min(1).optional(),
    args: z.array(z.string()).default([]),
    env: envMap.default({}),
    npx: npxDistribution.optional(),
    binary: binaryDistribution.optional(),
    /** Names of variables of the plane's environment passed through to the agent. */
    passEnv: z.array(z.string()).default([]),
    /** Secret names resolved by the credential broker into the agent's environment. */
    secrets: z.array(z.string()).default([]),
    /** Which vendor extension methods are accepted: `canonical` accepts none. */
    dialect: z.string().default("canonical"),
    /** How blocking vendor requests (questions, plan approval) are answered. */
    extensions: extensionsSchema.optional(),
    auth: agentAuth.optional(),
    /** Extra client capabilities to advertise, merged over acpgate's own. */
    clientCapabilities: z.record(z.string(), z.unknown()).optional(),
    /** Capabilities asserted at initialize (`loadSession`, `mcp.http`, `image`, …). */
    require: z.array(z.string()).default([]),
    /** Agent mode id → the risk posture it stands for. */
    modes: z.record(z.string(), riskPosture).default({}),
    /**
     * How the agent touches files: `client` = only through the client's fs/* methods (policy
     * can enforce read-only by refusing them); `self` (the default when unset) = it may
     * write on its own, so read-only needs a read-only mode or `enforcement: permission-only`.
     */
    fileAccess: z.enum(["client", "self"]).optional(),
    /** Seconds or a duration string for initialize/session setup. */
    startupTimeout: z.union([z.string(), z.number()]).optional(),
  })
  .refine(
    (entry) =>
      [entry.command !== undefined, entry.npx !== undefined, entry.binary !== undefined].filter(
        Boolean,
      ).length === 1,
    { message: "an agent needs exactly one of `command`, `npx` or `binary`" },
  );

export type AgentEntry = z.output<typeof agentEntrySchema>;
export type AgentEntryInput = z.input<typeof agentEntrySchema>;
