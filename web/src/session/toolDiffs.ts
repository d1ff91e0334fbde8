/** A `diff` content block of an ACP tool call: a file's old and new text. */
export interface FileDiff {
  path: string;
  oldText: string | null;
  newText: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** The `content` array of the ACP message an event came from (a tool call, an update, a permission request). */
export function contentOf(raw: unknown): unknown[] {
  if (!isObj(raw) || !isObj(raw.params)) return [];
  const params = raw.params;
  const holder = isObj(params.update)
    ? params.update
    : isObj(params.toolCall)
      ? params.toolCall
      : {};
  return Array.isArray(holder.content) ? holder.content : [];
}

export function diffsOf(raw: unknown): FileDiff[] {
  return contentOf(raw).flatMap((c) =>
    isObj(c) && c.type === "diff" && typeof c.path === "string" && typeof c.newText === "string"
      ? [
          {
            path: c.path,
            oldText: typeof c.oldText === "string" ? c.oldText : null,
            newText: c.newText,
          },
        ]
      : [],
  );
}

/** Text content blocks of a tool call (command output and the like). */
export function textsOf(raw: unknown): string[] {
  return contentOf(raw).flatMap((c) => {
    if (!isObj(c) || c.type !== "content" || !isObj(c.content)) return [];
    return typeof c.content.text === "string" ? [c.content.text] : [];
  });
}
