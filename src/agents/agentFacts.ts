/**
 * What acpgate knows about an agent it ships in its catalogue: the ACP registry's fields
 * (id, name, version, distribution) plus the facts governance needs — which of its modes
 * is read-only, whether it writes files itself, the secrets it reads, the state it keeps,
 * and its quirks. Data only: every built-in agent is one value of this type
 * (src/agents/builtin/), and a registry entry gets the facts of the built-in with its id.
 */

/**
 * What one of an agent's modes does to writes, as observed or documented:
 * - `read-only`: refuses writes itself (a planning mode);
 * - `chat`: offers no tools at all;
 * - `ask`: asks permission before each edit or command (the policy decides each one);
 * - `auto-edit`: edits the workspace without asking;
 * - `full-access`: approves everything itself.
 */
export type ModeKind = "read-only" | "chat" | "ask" | "auto-edit" | "full-access";

export interface ModeFacts {
  /** How the agent exposes modes: legacy `modes`, a config option of category `mode`, none. */
  via: "modes" | "config_option" | "none";
  /** The mode the agent starts in by itself. */
  default?: string;
  /** Mode id → what it does. Modes not listed are of unknown risk: never chosen. */
  kinds: Record<string, ModeKind>;
  /** Anything a reader should know about this agent's modes. */
  note?: string;
}

/** How the agent starts: an npm package run through npx, or an executable. */
export type AgentStart =
  | { npx: { package: string; bin?: string; args?: string[]; env?: Record<string, string> } }
  | { binary: { cmd: string; args?: string[]; env?: Record<string, string> } };

export interface AgentQuirk {
  id: string;
  note: string;
}

/** Facts that differ at another version line of the adapter. */
export interface VersionFacts {
  /** The adapter package and version range these facts hold for. */
  adapter: string;
  modes?: ModeFacts;
  note?: string;
}

export interface AgentFacts {
  /** The id `--agent` takes. */
  id: string;
  /** The ids this agent has (had) in the ACP registry, when they differ from `id`. */
  registryIds?: string[];
  name: string;
  description: string;
  repository?: string;
  start: AgentStart;
  /** What to do when it is not installed. */
  install: string;
  /** The Node.js versions an npm adapter needs (its `engines.node`), when it restricts them. */
  node?: string;
  /** Which vendor extension methods it sends (src/agents/dialects). */
  dialect?: string;
  /** client: files only through fs/* of the client; self: it may write on its own. */
  fileAccess: "client" | "self";
  modes: ModeFacts;
  auth: {
    /** Auth method ids it offers at initialize. */
    methods: string[];
    /** Environment variables it reads credentials from (give them through `secrets:`). */
    apiKeys: string[];
  };
  /** Plain environment it should get (update checks and telemetry off). */
  env?: Record<string, string>;
  /** Directories it keeps state in (`~` is its HOME): what a sandbox must leave writable. */
  stateDirs: string[];
  quirks: AgentQuirk[];
  versions?: VersionFacts[];
  /** The version these facts were checked at, and whether the suite runs it. */
  verified: { version: string; tested: boolean; how: string };
}

/**
 * The policy posture each mode stands for: read-only and chat modes hold read-only; a mode
 * that asks before each write serves workspace-write (the policy decides each write). Modes
 * that edit or approve by themselves stand for no posture: acpgate never puts an agent in one.
 * Modes of other version lines count too (an older adapter offers its own ids).
 */
export function posturesOf(facts: AgentFacts): Record<string, "read-only" | "workspace-write"> {
  const postures: Record<string, "read-only" | "workspace-write"> = {};
  const lines = [...(facts.versions ?? []).map((v) => v.modes), facts.modes];
  for (const modes of lines) {
    for (const [id, kind] of Object.entries(modes?.kinds ?? {})) {
      if (kind === "read-only" || kind === "chat") postures[id] = "read-only";
      else if (kind === "ask") postures[id] = "workspace-write";
      else delete postures[id];
    }
  }
  return postures;
}

/** The mode ids the facts name as read-only (current line first). */
export function readOnlyModesOf(facts: AgentFacts): string[] {
  const lines = [facts.modes, ...(facts.versions ?? []).map((v) => v.modes)];
  const ids = lines.flatMap((m) =>
    Object.entries(m?.kinds ?? {})
      .filter(([, kind]) => kind === "read-only" || kind === "chat")
      .map(([id]) => id),
  );
  return [...new Set(ids)];
}
