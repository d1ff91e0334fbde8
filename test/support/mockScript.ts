/**
 * The mock LLM's "model", shared by the Anthropic and Gemini dialects. A prompt line
 * `@tool NAME {json args}` asks for one tool call; several lines ask for several calls, one per
 * model round trip, in order. Once every directive has had its tool result, the model answers
 * the fixed final text. NAME is a family (`read`, `write`, `edit`, `shell`) or an exact tool
 * name; a family is mapped to the tool the agent actually offers.
 */

export interface OfferedTool {
  name: string;
  /** Property names of the tool's input schema. */
  params: string[];
}

export interface Conversation {
  /** Text of the latest user message that is not only tool results. */
  promptText: string;
  /** Tool results the agent sent back since that message. */
  toolResultsSince: number;
  tools: OfferedTool[];
}

export type Reply =
  { type: "text"; text: string } | { type: "tool"; name: string; input: Record<string, unknown> };

export interface Directive {
  name: string;
  args: Record<string, unknown>;
}

const FAMILIES: Record<string, string[]> = {
  read: ["Read", "read_file", "read", "view"],
  write: ["Write", "write_file", "write", "create_file"],
  edit: ["Edit", "replace", "edit", "edit_file"],
  shell: ["Bash", "run_shell_command", "shell", "bash"],
};

/** Parameter names that mean the same across agents: the first one the tool declares wins. */
const PARAM_ALIASES: string[][] = [
  ["file_path", "absolute_path", "path", "filePath"],
  ["content", "contents", "text"],
  ["command", "cmd"],
  ["old_string", "oldString"],
  ["new_string", "newString"],
];

export function parseDirectives(text: string): Directive[] {
  const directives: Directive[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*@tool\s+(\S+)\s*(\{.*\})?\s*$/.exec(line);
    if (!match) continue;
    let args: Record<string, unknown> = {};
    try {
      args = match[2] ? (JSON.parse(match[2]) as Record<string, unknown>) : {};
    } catch {
      args = {};
    }
    directives.push({ name: match[1] ?? "", args });
  }
  return directives;
}

export function reply(conversation: Conversation, finalText: string): Reply {
  const directives = parseDirectives(conversation.promptText);
  const next = directives[conversation.toolResultsSince];
  if (!next || conversation.tools.length === 0) return { type: "text", text: finalText };
  const tool = pickTool(next.name, conversation.tools);
  if (!tool) return { type: "text", text: `mock-llm: no tool offered for '${next.name}'` };
  return { type: "tool", name: tool.name, input: mapArgs(next.args, tool) };
}

function pickTool(name: string, tools: OfferedTool[]): OfferedTool | undefined {
  const exact = tools.find((t) => t.name === name);
  if (exact) return exact;
  const candidates = FAMILIES[name.toLowerCase()] ?? [name];
  for (const candidate of candidates) {
    const found = tools.find((t) => t.name.toLowerCase() === candidate.toLowerCase());
    if (found) return found;
  }
  return undefined;
}

function mapArgs(args: Record<string, unknown>, tool: OfferedTool): Record<string, unknown> {
  if (tool.params.length === 0) return args;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    const group = PARAM_ALIASES.find((aliases) => aliases.includes(key));
    const target = group?.find((alias) => tool.params.includes(alias)) ?? key;
    out[target] = value;
  }
  return out;
}

/** A value matching a JSON schema, for side requests that ask for JSON (routers, checks). */
export function sampleFor(schema: unknown, key = ""): unknown {
  const s = (typeof schema === "object" && schema !== null ? schema : {}) as Record<
    string,
    unknown
  >;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  const type = typeof s.type === "string" ? s.type.toLowerCase() : "";
  if (type === "object" || s.properties) {
    const props = (s.properties ?? {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, sampleFor(v, k)]));
  }
  if (type === "array") return [];
  if (type === "boolean") return false;
  if (type === "number" || type === "integer") return typeof s.minimum === "number" ? s.minimum : 1;
  if (key === "next_speaker") return "user";
  if (key === "model_choice") return "flash";
  return "mock";
}
