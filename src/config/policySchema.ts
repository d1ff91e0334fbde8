import { z } from "zod";
import { riskPosture } from "./agentSchema.js";

/** A policy entry. The policy issue owns its rules; the foundation needs only the posture. */
export const policySchema = z.looseObject({
  posture: riskPosture.default("read-only"),
});

export type PolicyConfig = z.output<typeof policySchema>;
