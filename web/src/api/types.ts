// The API's types, derived from the server's own (src/surfaces/server/apiTypes.ts and the
// zod schemas its handlers validate with): a change on the server breaks this build.
import type { z } from "zod";
import type {
  createSessionBody,
  decisionBody,
  promotionBody,
  answerBody,
} from "../../../src/surfaces/server/apiSchemas.js";

export type * from "../../../src/surfaces/server/apiTypes.js";

export type CreateSessionBody = z.input<typeof createSessionBody>;
export type DecisionBody = z.input<typeof decisionBody>;
export type PromotionBody = z.input<typeof promotionBody>;
export type AnswerBody = z.input<typeof answerBody>;

/** An RFC 9457 problem as the API answers every error. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  field?: string;
  requestId?: string;
}
