import { z } from "zod";

/**
 * How blocking vendor requests that need a person (`cursor/ask_question`, plan approval)
 * are answered. Unattended surfaces (`acpgate run`) use `onQuestion` / `onPlanApproval`;
 * attended ones (API, proxy) queue a pending question for `questionTimeout`, then decline.
 */
export const extensionsSchema = z
  .strictObject({
    onQuestion: z
      .enum(["decline", "default", "fail"])
      .default("decline")
      .describe(
        "decline: answer skipped and let the agent go on · default: pick defaultAnswer · fail: end the run",
      ),
    defaultAnswer: z
      .string()
      .min(1)
      .default("first")
      .describe(
        "option id or label to pick with onQuestion: default; first: each question's first",
      ),
    onPlanApproval: z
      .enum(["decline", "accept", "fail"])
      .default("decline")
      .describe("decline: reject the plan and let the agent go on · accept · fail: end the run"),
    questionTimeout: z
      .union([z.string(), z.number()])
      .default("10m")
      .describe("how long a person has to answer on attended surfaces before acpgate declines"),
  })
  .describe("how blocking vendor requests (questions, plan approval) are answered");

export type ExtensionsConfig = z.output<typeof extensionsSchema>;
