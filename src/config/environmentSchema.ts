import { z } from "zod";

/** Secret names double as environment variable names of the agent. */
export const secretName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "a secret name is letters, digits and _ (not first)");

const ttl = z
  .union([z.string(), z.number()])
  .optional()
  .describe("how long a value read is reused (seconds, or 5m)");

/**
 * Where the credential broker reads a secret. A name referenced but not defined reads the
 * plane's environment variable of the same name (`{from: env}`).
 */
export const secretSourceSchema = z.discriminatedUnion("from", [
  z.strictObject({
    from: z.literal("env"),
    var: z
      .string()
      .min(1)
      .optional()
      .describe("acpgate's environment variable to read (default: the secret's name)"),
    ttl,
  }),
  z.strictObject({
    from: z.literal("file"),
    path: z
      .string()
      .min(1)
      .describe("relative to the config file's directory; mode 0600 or stricter"),
    ttl,
  }),
  z.strictObject({
    from: z.literal("command"),
    command: z
      .string()
      .min(1)
      .describe("spawned without a shell; its stdout, trimmed, is the value"),
    args: z.array(z.string()).default([]),
    timeout: z.union([z.string(), z.number()]).optional(),
    ttl,
  }),
]);

export const secretSourcesSchema = z
  .record(secretName, secretSourceSchema)
  .describe("where the credential broker reads each secret (default: the env var of its name)");

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
    required: z.boolean().default(true).describe("refuse to start when it cannot be given"),
  }),
  z.strictObject({
    name: z.string().min(1),
    type: z.enum(["http", "sse"]),
    url: z.string().min(1),
    headers: z.array(nameValue).default([]),
    required: z.boolean().default(true).describe("refuse to start when it cannot be given"),
  }),
]);

/** An editor `mcpServers` JSON file to import, relative to the config file's directory. */
export const mcpServersFileSchema = z
  .union([
    z.string().min(1),
    z.strictObject({ path: z.string().min(1), required: z.boolean().default(true) }),
  ])
  .describe("an editor mcpServers JSON file to import, relative to the config file");

/** An environment (`dev`, `ci`, `prod`): the policy to use and what the agent is given. */
export const environmentSchema = z.strictObject({
  description: z.string().optional(),
  policy: z.string().optional().describe("the policy runs in this environment use by default"),
  mcpServers: z
    .array(mcpServerSpecSchema)
    .default([])
    .describe("approved MCP servers, in the ACP McpServer shapes"),
  mcpServersFile: mcpServersFileSchema.optional(),
  secrets: secretSourcesSchema
    .default({})
    .describe("secret sources for this environment, over the top-level secrets:"),
});

export type EnvironmentConfig = z.output<typeof environmentSchema>;
export type McpServerSpec = z.output<typeof mcpServerSpecSchema>;
export type SecretSource = z.output<typeof secretSourceSchema>;
export type SecretSources = z.output<typeof secretSourcesSchema>;
