import type { CreateTerminalRequest, RequestPermissionRequest } from "@agentclientprotocol/sdk";
import { commandText } from "../policy/commandLine.js";
import { UNKNOWN_KINDS, type PathFact, type PolicyRequest } from "../policy/policyTypes.js";
import { TOOL_KINDS, type ToolKind } from "../policy/toolKinds.js";
import { pathsFromToolCall } from "../workspace/extractPaths.js";
import type { WorkspaceRoots } from "../workspace/pathFacts.js";
import type { ToolCallState } from "../sessions/toolCallTracker.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Kinds whose request must name the files it touches. */
const FILE_KINDS: readonly ToolKind[] = ["read", "edit", "delete", "move"];

/**
 * The request view of a permission request: what the request says merged with what the
 * agent announced for the same tool call. Where the two disagree both readings are kept;
 * a call never announced is judged on the request alone, an unknown kind as every kind
 * that acts, and missing paths or command as unknown (the most dangerous reading).
 */
export function permissionView(
  params: RequestPermissionRequest,
  announced: ToolCallState | undefined,
  roots: WorkspaceRoots,
  agentId: string,
): PolicyRequest {
  const call = params.toolCall;
  const claimed = [call.kind, announced?.kind].filter((k): k is string => !!k);
  const kinds: ToolKind[] = claimed.length ? [...new Set(claimed.map(asKind))] : [...UNKNOWN_KINDS];
  const rawPaths = [
    ...pathsFromToolCall({
      locations: call.locations,
      rawInput: call.rawInput,
      content: call.content,
    }),
    ...(announced
      ? pathsFromToolCall({
          locations: announced.locations.map((path) => ({ path })),
          rawInput: announced.rawInput,
          ...(announced.diffPaths ? { diffPaths: announced.diffPaths } : {}),
        })
      : []),
  ];
  const paths = factsOf([...new Set(rawPaths)], roots);
  const command = commandOf(call.rawInput) ?? commandOf(announced?.rawInput);
  const title = call.title ?? announced?.title ?? "";
  const name = toolNameOf(call);
  return {
    source: "permission",
    kinds,
    title,
    ...(name ? { toolName: name } : title ? { toolName: title } : {}),
    paths,
    pathsUnknown: paths.length === 0 && kinds.some((k) => FILE_KINDS.includes(k)),
    ...(command !== undefined ? { command } : {}),
    commandUnknown: command === undefined && kinds.includes("execute"),
    agentId,
    announced: announced !== undefined,
    ...targetModeOf(call.rawInput ?? announced?.rawInput),
  };
}

export function fsView(
  source: "fs_read" | "fs_write",
  path: string,
  roots: WorkspaceRoots,
  agentId: string,
): PolicyRequest {
  return {
    source,
    kinds: [source === "fs_read" ? "read" : "edit"],
    title: `${source === "fs_read" ? "read" : "write"} ${path}`,
    paths: roots.readings(path),
    agentId,
  };
}

export function terminalView(
  params: Pick<CreateTerminalRequest, "command" | "args" | "cwd">,
  roots: WorkspaceRoots,
  agentId: string,
): PolicyRequest {
  const command = commandText(params.command, params.args ?? []);
  return {
    source: "terminal",
    kinds: ["execute"],
    title: command,
    command,
    paths: params.cwd ? roots.readings(params.cwd) : [],
    agentId,
  };
}

function factsOf(raw: readonly string[], roots: WorkspaceRoots): PathFact[] {
  return raw.flatMap((p) => roots.readings(p));
}

function asKind(kind: string): ToolKind {
  return (TOOL_KINDS as readonly string[]).includes(kind) ? (kind as ToolKind) : "other";
}

/** `command` as a string (claude) or an argv array (codex: `["bash", "-lc", "ls"]`). */
export function commandOf(rawInput: unknown): string | undefined {
  if (!isObj(rawInput)) return undefined;
  for (const key of ["command", "cmd", "argv", "commandLine", "script"]) {
    const value = rawInput[key];
    if (typeof value === "string" && value.trim()) {
      const args = Array.isArray(rawInput.args) ? rawInput.args.filter(isString) : [];
      return args.length ? commandText(value, args) : value;
    }
    if (Array.isArray(value) && value.length && value.every(isString)) {
      const [head = "", ...rest] = value;
      return commandText(head, rest);
    }
  }
  return undefined;
}

const isString = (v: unknown): v is string => typeof v === "string";

function toolNameOf(call: RequestPermissionRequest["toolCall"]): string | undefined {
  const meta = (call as { _meta?: unknown })._meta;
  const claude = isObj(meta) && isObj(meta.claudeCode) ? meta.claudeCode.toolName : undefined;
  if (typeof claude === "string") return claude;
  const name = (call as { name?: unknown }).name;
  return typeof name === "string" && name ? name : undefined;
}

function targetModeOf(rawInput: unknown): { targetMode?: string } {
  if (!isObj(rawInput)) return {};
  for (const key of ["modeId", "mode", "targetMode", "target_mode", "mode_id"]) {
    const value = rawInput[key];
    if (typeof value === "string" && value) return { targetMode: value };
  }
  return {};
}

/** A request described by hand (`policy explain` flags, the test corpus). */
export interface DescribedRequest {
  kind?: string | string[];
  path?: string | string[];
  paths?: string[];
  command?: string;
  tool?: string;
  title?: string;
  agent?: string;
  /** switch_mode: the mode asked for. */
  mode?: string;
  /** False: judge it as a permission request whose tool call was never announced. */
  announced?: boolean;
}

export function describedView(
  input: DescribedRequest,
  roots: WorkspaceRoots,
  defaultAgent: string,
): PolicyRequest {
  const kindList = input.kind === undefined ? [] : [input.kind].flat();
  const kinds: ToolKind[] = kindList.length
    ? [...new Set(kindList.map(asKind))]
    : [...UNKNOWN_KINDS];
  const raw = [...[input.path ?? []].flat(), ...(input.paths ?? [])];
  const paths = factsOf(raw, roots);
  const title = input.title ?? input.tool ?? input.command ?? kindList.join(",");
  return {
    source: "permission",
    kinds,
    title,
    ...(input.tool ? { toolName: input.tool } : {}),
    paths,
    pathsUnknown: paths.length === 0 && kinds.some((k) => FILE_KINDS.includes(k)),
    ...(input.command !== undefined ? { command: input.command } : {}),
    commandUnknown: input.command === undefined && kinds.includes("execute"),
    agentId: input.agent ?? defaultAgent,
    ...(input.announced === false ? { announced: false } : {}),
    ...(input.mode !== undefined ? { targetMode: input.mode } : {}),
  };
}
