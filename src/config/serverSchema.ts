import { z } from "zod";

/** Who may do what through the HTTP API, weakest first: each role can do all the earlier can. */
export const ROLES = ["viewer", "operator", "approver", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** A bearer token as configured: its sha256, never the token itself. */
export const tokenSchema = z
  .strictObject({
    name: z.string().min(1).describe("who holds it: the principal recorded as `token:<name>`"),
    role: z.enum(ROLES),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe("sha256 (hex) of the token; `acpgate token create` writes it"),
  })
  .describe("a bearer token of the HTTP API");

export type TokenConfig = z.output<typeof tokenSchema>;

export const serverSchema = z
  .strictObject({
    host: z.string().default("127.0.0.1"),
    port: z.number().int().min(0).max(65535).default(7070),
    tokens: z.array(tokenSchema).default([]).describe("bearer tokens of the HTTP API, as hashes"),
    approvalTimeout: z
      .union([z.string().min(1), z.number().positive()])
      .default("10m")
      .describe(
        "how long a permission request waits for a person (seconds or a duration); then it is rejected",
      ),
  })
  .describe("where acpgate serve listens, and who may use it");
