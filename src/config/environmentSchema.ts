import { z } from "zod";

/** An environment (`dev`, `ci`, `prod`): the policy to use and what the agent is given. */
export const environmentSchema = z.looseObject({
  policy: z.string().optional(),
});

export type EnvironmentConfig = z.output<typeof environmentSchema>;
