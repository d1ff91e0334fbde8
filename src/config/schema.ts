import { z } from "zod";
import { agentConfigSchema } from "./agentSchema.js";
import { environmentSchema, secretSourcesSchema } from "./environmentSchema.js";
import { policySchema } from "./policySchema.js";
import { DEFAULT_REPLICA, serverSchema } from "./serverSchema.js";
import { storageSchema } from "./storageSchema.js";

/** The whole `acpgate.yaml`. Unknown top-level keys are errors: a typo must not pass silently. */
export const configSchema = z
  .strictObject({
    agents: z
      // No regex flags: the JSON Schema's `pattern` has none.
      .record(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/), agentConfigSchema)
      .default({})
      .describe("the agents, by the id every surface uses"),
    catalogue: z
      .strictObject({
        registry: z
          .union([z.string().min(1), z.array(z.string().min(1))])
          .optional()
          .describe(
            "ACP registry files (or URLs fetched once by `acpgate agents import URL`) whose " +
              "agents join the catalogue; built-in facts apply on top by id",
          ),
      })
      .default({})
      .describe("where agents come from besides the built-ins"),
    defaultAgent: z.string().optional().describe("the agent `run` uses when --agent is not given"),
    environments: z
      .record(z.string(), environmentSchema)
      .default({})
      .describe("environments (dev, ci, prod): the policy to use and what the agent is given"),
    secrets: secretSourcesSchema.default({}),
    policies: z
      .record(z.string(), policySchema)
      .default({})
      .describe("policies by name; read-only and workspace-write refine the built-ins"),
    storage: storageSchema.default({ sqlite: ".acpgate/acpgate.db" }),
    server: serverSchema.default({
      host: "127.0.0.1",
      port: 7070,
      tokens: [],
      approvalTimeout: "10m",
      replica: DEFAULT_REPLICA,
    }),
  })
  .describe("acpgate configuration (acpgate.yaml)");

export type AcpgateConfig = z.output<typeof configSchema>;
