import { z } from "zod";
import { lenientObject } from "../../protocol/lenientParams.js";

/*
 * Params of Cursor's agent→client methods (`agent acp`). Cursor documents them at
 * https://cursor.com/docs/cli/acp, and what it sends differs: `cursor/task` carries
 * `subagentType` as an object (`{"custom":{"unspecified":{}}}`) where the docs' readers
 * expect a string (test/fixtures/cursor/ keeps both shapes of every method).
 *
 * So each schema declares only the fields acpgate acts on — answer ids, the todo list it
 * merges, the flags that change what it asks — and those are the only ones whose type
 * can fail a request (-32602). Every field that is only shown or recorded (prompts,
 * labels, titles, models, plan text, todo content) stays undeclared, passes through as
 * `unknown`, and is read with the display helpers of src/protocol/lenientParams.ts.
 */

/** A todo: `id` is the merge key (a number is accepted and read as its decimal text). */
export const cursorTodo = z.looseObject({
  id: z.union([z.string(), z.number()]).nullish(),
});

/** Nothing is acted on: every field is displayed only. */
export const cursorTaskParams = lenientObject({});

/** The list is stored and merged by id, and `merge` picks replace or merge. */
export const cursorUpdateTodosParams = z.looseObject({
  todos: z.array(cursorTodo),
  merge: z.boolean().nullish(),
});

/** Nothing is acted on: the plan, its name and its todos are displayed for approval. */
export const cursorCreatePlanParams = lenientObject({});

/** Answers must echo question and option ids; `allowMultiple` bounds the choice. */
export const cursorAskQuestionParams = z.looseObject({
  questions: z
    .array(
      z.looseObject({
        id: z.string().min(1),
        options: z.array(z.looseObject({ id: z.string().min(1) })),
        allowMultiple: z.boolean().nullish(),
      }),
    )
    .min(1),
});

/** Nothing is acted on: every image request is declined. */
export const cursorGenerateImageParams = lenientObject({});

export type CursorTodo = z.output<typeof cursorTodo>;
