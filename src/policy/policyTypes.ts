/**
 * The policy model: what a request looks like to policy, what a policy is, and what a
 * decision says. Pure data; nothing here touches the file system.
 */

import type { ToolKind } from "./toolKinds.js";

/** Kinds that change files: protected paths are never a target of these. */
export const WRITE_KINDS: readonly ToolKind[] = ["edit", "delete", "move"];
/** Kinds that only look: allowed inside the allowed roots in every posture. */
export const LOOK_KINDS: readonly ToolKind[] = ["read", "search", "think"];
/** The most dangerous reading of a request whose kind is not known. */
export const UNKNOWN_KINDS: readonly ToolKind[] = [
  "edit",
  "delete",
  "move",
  "execute",
  "fetch",
  "other",
];

export const POSTURES = ["read-only", "workspace-write"] as const;
export type Posture = (typeof POSTURES)[number];

export type Outcome = "allow" | "ask" | "reject";

/**
 * A path as the workspace resolved it. `real` has every symlink resolved; `relative` is
 * relative to the allowed root that contains it (with `/`), undefined when outside all roots.
 */
export interface PathFact {
  /** As the agent wrote it. */
  raw: string;
  real: string;
  relative: string | undefined;
  inside: boolean;
  /** The allowed root containing it. */
  root?: string;
  /** True when the root lives on a case-insensitive mount: compare paths case-folded. */
  caseInsensitive?: boolean;
}

/** One request, as policy sees it, whichever way it came (permission, fs/*, terminal/*). */
export interface PolicyRequest {
  source: "permission" | "fs_read" | "fs_write" | "terminal";
  /** Every kind the request may be: more than one when the agent's own reports disagree. */
  kinds: readonly ToolKind[];
  title?: string;
  /** Tool name, e.g. an MCP tool `mcp__github__create_issue`. */
  toolName?: string;
  paths: readonly PathFact[];
  /** The request touches files but none could be determined: read it as the most dangerous. */
  pathsUnknown?: boolean;
  /** The shell text of a command (a `sh -c` wrapper already unwrapped). */
  command?: string;
  /** An execute request whose command could not be determined. */
  commandUnknown?: boolean;
  agentId: string;
  /** False for a permission request whose tool call was never announced. */
  announced?: boolean;
  /** For switch_mode: the mode asked for, when it can be told; undefined = unknown. */
  targetMode?: string;
}

export interface Rule {
  id: string;
  kinds?: readonly ToolKind[];
  paths?: readonly string[];
  commands?: readonly string[];
  commandRegex?: readonly string[];
  tools?: readonly string[];
  agents?: readonly string[];
  /** Allow rules only: may answer `allow_always` when the policy permits it. */
  always?: boolean;
  reason?: string;
}

export interface Policy {
  name: string;
  description?: string;
  posture: Posture;
  deny: readonly Rule[];
  ask: readonly Rule[];
  allow: readonly Rule[];
  /** Extra roots (absolute, or relative to the session cwd) writable besides the cwd. */
  roots: readonly string[];
  /** Extra path globs never writable, on top of `.git/`, `.acpgate/` and the config file. */
  protect: readonly string[];
  /** What `ask` becomes when nobody can answer. */
  unattendedAsk: "reject" | "fail";
  /** `permission-only`: accept a read-only posture enforced only by answering permissions. */
  enforcement: "auto" | "permission-only";
  /** Capabilities the agent must have for a session under this policy. */
  require: readonly string[];
  /** Whether `allow_always` may ever be answered, and approvals remembered for the session. */
  allowAlways: boolean;
  /** Whether agents run in the OS sandbox (docs/sandbox.md); unset: the agent's, else auto. */
  sandbox?: SandboxSetting;
  /** The sandbox's network: the host's (default), none, or only the hosts of an allow list. */
  network?: NetworkSetting;
  /**
   * An editor's own MCP servers against the environment's inventory (`acpgate proxy`):
   * `merge` (unset: both, the environment's wins a name clash), `keep` (the editor's win),
   * `replace` (the inventory only).
   */
  editorMcpServers?: "keep" | "merge" | "replace";
}

/** auto: sandboxed where bwrap works, else a loud notice; required: refuse without; off. */
export type SandboxSetting = "auto" | "required" | "off";

/** A remembered `allow_always` approval: later `ask`s of the same tool become `allow`. */
export interface Grant {
  id: string;
  kinds: readonly ToolKind[];
  toolName: string;
}

/** What decide() knows of the session besides the request. */
export interface SessionPolicyState {
  /** Real path of the config file in use, never writable. */
  configFile?: string;
  /** Agent mode id → posture, from the agent entry's `modes:`. */
  modes?: Readonly<Record<string, Posture>>;
  grants?: readonly Grant[];
}

export interface Decision {
  outcome: Outcome;
  ruleId: string;
  reason: string;
  /** `always` only when the policy permits answering `allow_always`. */
  scope?: "once" | "always";
}

/**
 * A decision once `ask` was answered (by a person, or by `unattendedAsk`): what the agent
 * will hear, and who decided — `policy`, a person, or `approval` for a call that carries out
 * one just allowed.
 */
export interface Verdict extends Decision {
  outcome: "allow" | "reject";
  decidedBy: string;
  /** The HTTP request through which a person decided (the server's request id), for the audit. */
  httpRequestId?: string;
}

/** `allow`: host patterns (policy/hostPattern.ts) reached through acpgate's egress proxy. */
export type NetworkSetting = "shared" | "none" | { readonly allow: readonly string[] };
