import { z } from "zod";

/** Secret names double as environment variable names of the agent. */
export const secretName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "a secret name is letters, digits and _ (not first)");

const ttl = z.union([z.string(), z.number()]).optional();

/**
 * Where the credential broker reads a secret. A name referenced but not defined reads the
 * plane's environment variable of the same name (`{from: env}`).
 */
export const secretSourceSchema = z.discriminatedUnion("from", [
  z.strictObject({
    from: z.literal("env"),
    /** The plane's variable to read; default: the secret's name. */
    var: z.string().min(1).optional(),
    ttl,
  }),
  z.strictObject({
    from: z.literal("file"),
    /** Relative to the config file's directory. Must be mode 0600 or stricter. */
    path: z.string().min(1),
    ttl,
  }),
  z.strictObject({
    from: z.literal("command"),
    /** Spawned without a shell; stdout, trimmed, is the value. */
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    timeout: z.union([z.string(), z.number()]).optional(),
    ttl,
  }),
]);

export const secretSourcesSchema = z.record(secretName, secretSourceSchema);

const nameValue = z.strictObject({ name: z.string().min(1), value: z.string() });

/**
 * An approved MCP server in the ACP `McpServer` shapes, plus `required` (acpgate's own field,
 * stripped before sending). Values in `env` and `headers` may contain `${secret:NAME}`.
 */
export const mcpServerSpecSchema = z.union([
  z.strictObject({
    name: z.string().min(1),
    type: z.literal("stdio").optional(),
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    env: z.array(nameValue).default([]),
    required: z.boolean().default(true),
  }),
  z.strictObject({
    name: z.string().min(1),
    type: z.enum(["http", "sse"]),
    url: z.string().min(1),
    headers: z.array(nameValue).default([]),
    required: z.boolean().default(true),
  }),
]);

/** An editor `mcpServers` JSON file to import, relative to the config file's directory. */
export const mcpServersFileSchema = z.union([
  z.string().min(1),
  z.strictObject({ path: z.string().min(1), required: z.boolean().default(true) }),
]);

/** An environment (`dev`, `ci`, `prod`): the policy to use and what the agent is given. */
export const environmentSchema = z.strictObject({
  description: z.string().optional(),
  policy: z.string().optional(),
  mcpServers: z.array(mcpServerSpecSchema).default([]),
  mcpServersFile: mcpServersFileSchema.optional(),
  /** Secret sources for this environment, over the top-level `secrets:`. */
  secrets: secretSourcesSchema.default({}),
});

export type EnvironmentConfig = z.output<typeof environmentSchema>;
export type McpServerSpec = z.output<typeof mcpServerSpecSchema>;
export type SecretSource = z.output<typeof secretSourceSchema>;
export type SecretSources = z.output<typeof secretSourcesSchema>;
