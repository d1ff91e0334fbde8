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

const duration = z.union([z.string().min(1), z.number().positive()]);

/** Replicas of `acpgate serve` on one PostgreSQL (docs/deployment.md); ignored with SQLite. */
export const replicaSchema = z
  .strictObject({
    id: z
      .string()
      .regex(/^[\w.:-]{1,100}$/)
      .optional()
      .describe("this replica's id (default: hostname-pid; --replica-id overrides)"),
    leaseTimeout: duration
      .default("15s")
      .describe("a session's lease lasts this long without a heartbeat; then it is replica_lost"),
    heartbeat: duration
      .default("3s")
      .describe("how often a replica renews its leases and looks for expired ones"),
    drainTimeout: duration
      .default("30s")
      .describe("on SIGTERM, how long running turns may finish before replica_draining"),
    forwardTimeout: duration
      .default("30s")
      .describe("how long a request forwarded to the owning replica waits for its answer"),
  })
  .describe("replicas of acpgate serve sharing one PostgreSQL (storage: {postgres: URL})");

export type ReplicaConfig = z.output<typeof replicaSchema>;

export const DEFAULT_REPLICA: ReplicaConfig = replicaSchema.parse({});

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
    replica: replicaSchema.default(DEFAULT_REPLICA),
  })
  .describe("where acpgate serve listens, and who may use it");
