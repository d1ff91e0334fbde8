import { z } from "zod";

/**
 * How blocking vendor requests that need a person (`cursor/ask_question`, plan approval)
 * are answered. Unattended surfaces (`acpgate run`) use `onQuestion` / `onPlanApproval`;
 * attended ones (API, proxy) queue a pending question for `questionTimeout`, then decline.
 */
export const extensionsSchema = z.strictObject({
  /** decline: answer "skipped" and let the agent go on · default: pick `defaultAnswer` · fail: end the run. */
  onQuestion: z.enum(["decline", "default", "fail"]).default("decline"),
  /** Option id or label to pick with `onQuestion: default`; `first` picks each question's first option. */
  defaultAnswer: z.string().min(1).default("first"),
  /** decline: reject the plan and let the agent go on · accept · fail: end the run. */
  onPlanApproval: z.enum(["decline", "accept", "fail"]).default("decline"),
  /** How long a person has to answer on attended surfaces before acpgate declines. */
  questionTimeout: z.union([z.string(), z.number()]).default("10m"),
});

export type ExtensionsConfig = z.output<typeof extensionsSchema>;
