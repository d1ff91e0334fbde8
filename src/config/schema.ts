import { z } from "zod";
import { agentEntrySchema } from "./agentSchema.js";
import { environmentSchema, secretSourcesSchema } from "./environmentSchema.js";
import { policySchema } from "./policySchema.js";
import { serverSchema } from "./serverSchema.js";
import { storageSchema } from "./storageSchema.js";

/** The whole `acpgate.yaml`. Unknown top-level keys are errors: a typo must not pass silently. */
export const configSchema = z.strictObject({
  agents: z.record(z.string().regex(/^[a-z0-9][a-z0-9._-]*$/i), agentEntrySchema).default({}),
  /** The agent `run` uses when `--agent` is not given. */
  defaultAgent: z.string().optional(),
  environments: z.record(z.string(), environmentSchema).default({}),
  /** Where the credential broker reads each secret (default: the plane env var of that name). */
  secrets: secretSourcesSchema.default({}),
  policies: z.record(z.string(), policySchema).default({}),
  storage: storageSchema.default({ sqlite: ".acpgate/acpgate.db" }),
  server: serverSchema.default({ host: "127.0.0.1", port: 7070 }),
});

export type AcpgateConfig = z.output<typeof configSchema>;
