import { z } from "zod";

/** Bodies and queries of the API: validated at the edge; route code receives typed values. */
export const createSessionBody = z.strictObject({
  agent: z.string().min(1).describe("the agent id (a value, never a path segment)"),
  cwd: z.string().min(1).describe("the session's working directory on the server"),
  environment: z.string().min(1).optional(),
  policy: z.string().min(1).optional(),
  prompt: z.string().min(1).optional().describe("a first prompt, started at once"),
});

export const promptBody = z.strictObject({ prompt: z.string().min(1) });

export const decisionBody = z.strictObject({
  decision: z.enum(["allow", "reject"]),
  scope: z.enum(["once", "session"]).optional(),
  reason: z.string().trim().min(1, "a decision needs a reason"),
});

export const promotionBody = z.strictObject({
  to: z.string().min(1).describe("`edit` (workspace-write) or a policy name"),
  reason: z.string().trim().min(1, "a promotion needs a reason"),
});

export const answerBody = z.strictObject({
  outcome: z.enum(["answered", "accepted", "declined"]),
  answers: z
    .array(z.strictObject({ questionId: z.string(), selectedOptionIds: z.array(z.string()) }))
    .optional(),
  reason: z.string().optional(),
});

const count = (max: number) => z.coerce.number().int().min(0).max(max);

export const sessionsQuery = z.strictObject({
  state: z.string().min(1).optional(),
  agent: z.string().min(1).optional(),
  limit: count(500).min(1).default(50),
  offset: count(1_000_000).default(0),
});

export const eventsQuery = z.strictObject({ after: count(Number.MAX_SAFE_INTEGER).optional() });

export const permissionQuery = z.strictObject({
  state: z.literal("pending").default("pending"),
  session: z.string().min(1).optional(),
});

export const auditQuery = z.strictObject({
  session: z.string().min(1).optional(),
  kind: z.string().min(1).optional(),
  after: count(Number.MAX_SAFE_INTEGER).default(0),
  limit: count(1000).min(1).default(100),
});
