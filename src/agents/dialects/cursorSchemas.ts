import { z } from "zod";

/*
 * Params of Cursor's agent→client requests (`cursor-agent acp`). Cursor documents them at
 * https://cursor.com/docs/cli/acp; the shapes below follow what clients that handle them
 * parse (xintaofei/codeg src-tauri/src/acp/cursor_ext.rs, PR #785). Lenient on purpose:
 * only documented fields are checked, each only for its type, and unknown keys pass
 * through so that a newer Cursor does not break a turn.
 */

const optionalString = z.string().optional();

export const cursorTodo = z.looseObject({
  id: optionalString,
  content: z.string(),
  status: optionalString,
  priority: optionalString,
});

export const cursorTaskParams = z.looseObject({
  toolCallId: optionalString,
  description: optionalString,
  prompt: optionalString,
  subagentType: optionalString,
  model: optionalString,
  agentId: optionalString,
  durationMs: z.number().nonnegative().optional(),
});

export const cursorUpdateTodosParams = z.looseObject({
  toolCallId: optionalString,
  todos: z.array(cursorTodo),
  merge: z.boolean().optional(),
});

export const cursorCreatePlanParams = z.looseObject({
  toolCallId: optionalString,
  name: optionalString,
  overview: optionalString,
  plan: optionalString,
  todos: z.array(cursorTodo).optional(),
});

export const cursorAskQuestionParams = z.looseObject({
  toolCallId: optionalString,
  title: optionalString,
  questions: z
    .array(
      z.looseObject({
        id: z.string().min(1),
        prompt: z.string(),
        options: z.array(z.looseObject({ id: z.string().min(1), label: z.string() })),
        allowMultiple: z.boolean().optional(),
      }),
    )
    .min(1),
});

export const cursorGenerateImageParams = z.looseObject({
  toolCallId: optionalString,
  description: optionalString,
  filePath: optionalString,
  referenceImagePaths: z.array(z.string()).optional(),
});

export type CursorTodo = z.output<typeof cursorTodo>;
