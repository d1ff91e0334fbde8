/**
 * ACP tool kinds, as rules name them (the policy model reads them from here). A file of its
 * own, without zod, so the CLI's help can list them without loading the schema.
 */
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
