import type { DialectContext } from "../../protocol/dialect.js";
import { displayText } from "../../protocol/lenientParams.js";
import type { CursorTodo } from "./cursorSchemas.js";

const TODOS_KEY = "cursor.todos";
const MAX_CONTENT_CHARS = 2_000;

export interface PlanEntry {
  content: string;
  status: string;
  priority?: string;
}

/**
 * Applies one `cursor/update_todos` to the session's list: replaced, or with `merge: true`
 * updated by id and extended, in order. Returns the list now held, todos as the agent
 * sent them (unknown keys kept), which is what the `accepted` reply echoes.
 */
export function applyTodos(
  context: DialectContext,
  todos: CursorTodo[],
  merge: boolean,
): CursorTodo[] {
  const held = merge ? mergeTodos(previousTodos(context), todos) : todos;
  context.state.set(TODOS_KEY, held);
  return held;
}

/** Todos → plan entries: content shown as text, statuses normalised (missing → pending). */
export function planEntries(todos: readonly unknown[], prefix?: string): PlanEntry[] {
  return todos.flatMap((todo) => {
    if (typeof todo !== "object" || todo === null) return [];
    const fields = todo as Record<string, unknown>;
    const content = displayText(fields.content, MAX_CONTENT_CHARS) ?? "";
    const priority = displayText(fields.priority);
    return [
      {
        content: prefix ? `${prefix}: ${content}` : content,
        status: normaliseStatus(displayText(fields.status)),
        ...(priority ? { priority } : {}),
      },
    ];
  });
}

/** `TODO_STATUS_IN_PROGRESS`, `in-progress`, `in_progress` → `in_progress`. */
export function normaliseStatus(status: string | undefined): string {
  if (!status) return "pending";
  return status
    .toLowerCase()
    .replace(/^todo_status_/, "")
    .replace(/-/g, "_");
}

export function emitPlan(context: DialectContext, entries: PlanEntry[]): void {
  context.emit({ type: "plan", source: "cursor", entries });
}

function previousTodos(context: DialectContext): CursorTodo[] {
  const value = context.state.get(TODOS_KEY);
  return Array.isArray(value) ? (value as CursorTodo[]) : [];
}

function keyOf(todo: CursorTodo): string | undefined {
  return todo.id === undefined || todo.id === null ? undefined : String(todo.id);
}

function mergeTodos(previous: CursorTodo[], updates: CursorTodo[]): CursorTodo[] {
  const merged = [...previous];
  for (const update of updates) {
    const key = keyOf(update);
    const at = key === undefined ? -1 : merged.findIndex((t) => keyOf(t) === key);
    if (at >= 0) merged[at] = { ...merged[at], ...update };
    else merged.push(update);
  }
  return merged;
}
