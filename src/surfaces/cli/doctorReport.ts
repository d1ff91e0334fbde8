import type { ModeViewState } from "../../sessions/modeView.js";
import type { Posture } from "../../policy/policyTypes.js";
import type { Enforcement } from "../../sessions/events.js";

/** Version tag of `acpgate agents doctor --json`. Fields are only ever added under one tag. */
export const DOCTOR_SCHEMA = "acpgate.doctor.v1";

/**
 * `inputs`: secrets and MCP servers resolved before the agent is spawned. `set_mode`: acpgate
 * putting the agent in the policy's mode (session/set_mode or session/set_config_option).
 * `policy`: the policy's start checks (a read-only posture the agent cannot be held to).
 * `prompt`: the turn of `--probe-write`.
 */
export type DoctorStep =
  | "inputs"
  | "initialize"
  | "authenticate"
  | "session/new"
  | "set_mode"
  | "policy"
  | "prompt"
  | "close";

export interface DoctorTiming {
  step: DoctorStep;
  /** Milliseconds from the request to its answer; initialize includes the agent's boot. */
  ms: number;
  ok: boolean;
  /** The ACP method of a `set_mode` step. */
  method?: string;
}

/** The capability matrix of one agent, as `agents doctor` prints it. */
export interface DoctorReport {
  schema: typeof DOCTOR_SCHEMA;
  agentId: string;
  /** True when the agent started, (authenticated,) opened a session and closed. */
  ok: boolean;
  agent: { name: string | null; title: string | null; version: string | null };
  protocolVersion: number | null;
  session: { load: boolean; resume: boolean; list: boolean; close: boolean; fork: boolean };
  prompt: { text: true; image: boolean; audio: boolean; embeddedContext: boolean };
  mcp: { stdio: true; http: boolean; sse: boolean };
  modes: {
    via: ModeViewState["via"];
    /** The mode once acpgate is done with the start (the one it set, or the agent's own). */
    current: string | null;
    available: string[];
    /** The agent's own mode: `currentModeId` as it answered session/new, before acpgate acted. */
    agentDefault: string | null;
  };
  /** The policy the probe ran under and the mode acpgate puts the agent in for its posture. */
  policy: {
    name: string;
    posture: Posture;
    /** The mode for the posture among those offered (null: none fits, or no modes). */
    mode: string | null;
    /** acpgate switched the agent to `mode` (false: already in it, none fits, or it failed). */
    switched: boolean;
  };
  /** How the session's agent was held (docs/sandbox.md); null when it was never prepared. */
  enforcement: Enforcement | null;
  configOptions: {
    id: string;
    category: string | null;
    current: string | null;
    values: string[];
  }[];
  authMethods: { id: string; name: string; type: string | null }[];
  auth: { method: string | null; ok: boolean | null };
  clientCapabilities: {
    /** What acpgate advertised at initialize (guard's own merged with the entry's). */
    advertised: unknown;
    /** Client methods the agent called during the probe (`fs/…`, `terminal/…`, permissions). */
    used: string[];
  };
  timings: DoctorTiming[];
  /** The agent's process group was gone after close. */
  processGone: boolean;
  error: { step: DoctorStep | null; code: string; message: string } | null;
  /** `--probe-write`: whether the policy's read-only mode held; null when not asked. */
  probeWrite: ProbeWriteReport | null;
}

/** `--probe-write`: a turn asking the agent to create a file in a throwaway workspace. */
export interface ProbeWriteReport {
  /** The file the agent was asked to create (its workspace is removed after the probe). */
  file: string;
  /** The agent's mode during the turn. */
  mode: string | null;
  /** The file did not exist after the turn; null when the turn could not run (see `error`). */
  held: boolean | null;
  /** The agent tried: a write tool call, a permission request to write, an fs/write_text_file. */
  attempted: boolean;
  /**
   * Who stopped the write, read off the session's events: `policy` (acpgate rejected a
   * permission request or an fs/write_text_file), `mode` (the agent tried and nothing of
   * acpgate's refused: its own mode stopped it); null when not held or not attempted.
   */
  refusedBy: "policy" | "mode" | null;
  stopReason: string | null;
}
