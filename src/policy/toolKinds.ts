/** ACP tool kinds, as rules name them; `switch_mode` and `other` as ACP defines them. */
export const TOOL_KINDS = [
  "read",
  "edit",
  "delete",
  "move",
  "search",
  "execute",
  "think",
  "fetch",
  "switch_mode",
  "other",
] as const;

export type ToolKind = (typeof TOOL_KINDS)[number];
