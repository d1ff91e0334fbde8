import { parseDirectives, reply as scriptReply } from "./mockScript.js";

/**
 * The mock's directive script (mockScript.ts) mapped onto the tools codex offers in an OpenAI
 * Responses request: `read` and `shell` become a call of its shell tool (`exec_command`,
 * `shell_command` or `shell`, whichever it offers), `write` and `edit` an `apply_patch` whose
 * patch text is built from `file_path` / `content` (`old_string` / `new_string` for an edit).
 * `apply_patch` is a freeform (custom) tool for the models codex knows, a function tool with
 * one `input` parameter otherwise; both are answered.
 */

export interface ResponsesTool {
  name: string;
  /** `function` tools take JSON arguments, `custom` (freeform) tools one string. */
  kind: "function" | "custom";
  /** Property names of a function tool's parameters, with their JSON schema types. */
  params: Record<string, string>;
}

export interface ResponsesConversation {
  promptText: string;
  toolResultsSince: number;
  tools: ResponsesTool[];
}

export type ResponsesReply =
  | { type: "text"; text: string }
  | { type: "function_call"; name: string; arguments: Record<string, unknown> }
  | { type: "custom_tool_call"; name: string; input: string };

const SHELL_TOOLS = ["exec_command", "shell_command", "shell"];
const PATCH_TOOL = "apply_patch";
const FAMILIES = ["read", "write", "edit", "shell"];

export function responsesReply(conv: ResponsesConversation, finalText: string): ResponsesReply {
  const next = parseDirectives(conv.promptText)[conv.toolResultsSince];
  if (!next || conv.tools.length === 0) return { type: "text", text: finalText };
  const family = next.name.toLowerCase();
  // A family wins over a tool of the same name (codex's legacy `shell` takes an argv).
  const exact = FAMILIES.includes(family)
    ? undefined
    : conv.tools.find((t) => t.name === next.name);
  if (exact) return call(exact, next.args, JSON.stringify(next.args));
  const path = pick(next.args, "file_path", "absolute_path", "path", "filePath");
  if (family === "read" || family === "shell") {
    const shell = SHELL_TOOLS.flatMap((n) => conv.tools.filter((t) => t.name === n))[0];
    const command =
      family === "read" ? `cat -- ${shellQuote(path)}` : pick(next.args, "command", "cmd");
    if (shell) return call(shell, shellArgs(shell, command), command);
  }
  if (family === "write" || family === "edit") {
    const patch = conv.tools.find((t) => t.name === PATCH_TOOL);
    const text =
      family === "write"
        ? addFilePatch(path, pick(next.args, "content", "contents", "text"))
        : updateFilePatch(path, pick(next.args, "old_string"), pick(next.args, "new_string"));
    if (patch) return call(patch, { input: text }, text);
  }
  const generic = scriptReply(
    { ...conv, tools: conv.tools.map((t) => ({ name: t.name, params: Object.keys(t.params) })) },
    finalText,
  );
  if (generic.type === "text") return generic;
  return { type: "function_call", name: generic.name, arguments: generic.input };
}

function call(tool: ResponsesTool, args: Record<string, unknown>, raw: string): ResponsesReply {
  if (tool.kind === "custom") return { type: "custom_tool_call", name: tool.name, input: raw };
  return { type: "function_call", name: tool.name, arguments: args };
}

/** The arguments of codex's shell tools: `cmd` (exec_command), `command` as string or argv. */
function shellArgs(tool: ResponsesTool, command: string): Record<string, unknown> {
  if ("cmd" in tool.params) return { cmd: command };
  if (tool.params.command === "array") return { command: ["bash", "-lc", command] };
  return { command };
}

/** An apply_patch that (re)creates `path` with `content` (Add File overwrites). */
export function addFilePatch(path: string, content: string): string {
  const lines = content.replace(/\n$/, "").split("\n");
  return ["*** Begin Patch", `*** Add File: ${path}`, ...lines.map((l) => `+${l}`), "*** End Patch"]
    .join("\n")
    .concat("\n");
}

/** An apply_patch replacing the lines `before` with `after` in `path`. */
export function updateFilePatch(path: string, before: string, after: string): string {
  const minus = before.replace(/\n$/, "").split("\n");
  const plus = after.replace(/\n$/, "").split("\n");
  return [
    "*** Begin Patch",
    `*** Update File: ${path}`,
    "@@",
    ...minus.map((l) => `-${l}`),
    ...plus.map((l) => `+${l}`),
    "*** End Patch",
  ]
    .join("\n")
    .concat("\n");
}

export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function pick(args: Record<string, unknown>, ...keys: string[]): string {
  for (const key of keys) if (typeof args[key] === "string") return args[key];
  return "";
}
