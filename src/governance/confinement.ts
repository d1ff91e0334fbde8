import { existsSync, mkdirSync, realpathSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { LaunchSpec } from "../agents/agentProcess.js";
import { probeBwrap, type BwrapProbe } from "../agents/sandbox/bwrapProbe.js";
import { sandboxedLaunch, type SandboxPlan } from "../agents/sandbox/sandboxArgs.js";
import type { AgentEntry } from "../config/agentSchema.js";
import { WRITE_KINDS, type Policy, type SandboxSetting } from "../policy/policyTypes.js";
import type { Enforcement, SessionEventBody } from "../sessions/events.js";
import { AcpgateError } from "../util/errors.js";
import { protectedEntries } from "../workspace/protectedEntries.js";
import {
  placeProtectedPlaceholders,
  removePlaceholders,
} from "../workspace/protectedPlaceholders.js";
import { EgressWatch, type EgressSink } from "./egressWatch.js";

export interface ConfinementInput {
  launch: LaunchSpec;
  policy: Policy;
  entry: Pick<AgentEntry, "sandbox" | "fileAccess">;
  agentId: string;
  /** The catalogue's state dirs (`~` = the agent's HOME); undefined: the agent has no facts. */
  stateDirs: readonly string[] | undefined;
  /** Real path of the config file in use. */
  configFile?: string;
  /** Files acpgate reads secrets from (config `secrets:` file sources), absolute. */
  secretFiles: readonly string[];
  /** The setting when neither policy nor agent names one (ACPGATE_SANDBOX, else auto). */
  defaultSetting: SandboxSetting;
  /** Whether a read-only mode the catalogue verified is mapped (enforcement `mode`). */
  verifiedReadOnlyMode: boolean;
  probe?: () => BwrapProbe;
}

export interface Confinement {
  launch: LaunchSpec;
  enforcement: Enforcement;
  /** Said at session start (the sandbox fell back). */
  notices: SessionEventBody[];
  /** Puts another command (a terminal acpgate runs for the agent) in the same sandbox. */
  wrap?: (launch: LaunchSpec) => LaunchSpec;
  /** Routes the egress proxy's reports into the session (a network allow list). */
  attach?: (session: EgressSink) => void;
}

/** required on either side wins, then off on either side, then auto. */
export function sandboxSettingOf(
  input: Pick<ConfinementInput, "policy" | "entry" | "defaultSetting">,
): SandboxSetting {
  const named = [input.policy.sandbox, input.entry.sandbox];
  if (named.includes("required")) return "required";
  if (named.includes("off")) return "off";
  if (named.includes("auto")) return "auto";
  return input.defaultSetting;
}

/**
 * How a session's agent is confined: inside bubblewrap when the setting and the kernel allow
 * (derived from the policy, never configured twice), else by mode or by permission answers
 * alone. `required` without a working bwrap is `sandbox_unavailable` (exit 4).
 */
export function confine(input: ConfinementInput): Confinement {
  const setting = sandboxSettingOf(input);
  const fallback = fallbackEnforcement(input);
  if (setting === "off") return { launch: input.launch, enforcement: fallback, notices: [] };
  const probe = (input.probe ?? probeBwrap)();
  if (!probe.ok) {
    if (setting === "required")
      throw new AcpgateError(
        "sandbox_unavailable",
        `agent '${input.agentId}' must run in the OS sandbox (sandbox: required), but bubblewrap does not work here: ${probe.reason}`,
        { agentId: input.agentId, reason: probe.reason },
      );
    const message =
      `the OS sandbox is not available (${probe.reason}); agent '${input.agentId}' runs unconfined, ` +
      `enforced by ${fallback} only` +
      (input.policy.posture === "workspace-write"
        ? ": protected paths are not prevented from being written"
        : "");
    return {
      launch: input.launch,
      enforcement: fallback,
      notices: [
        {
          type: "notice",
          code: "sandbox_unavailable",
          message,
          data: { reason: probe.reason, setting, enforcement: fallback },
        },
      ],
    };
  }
  const network = input.policy.network;
  const egress = typeof network === "object" ? new EgressWatch(network.allow) : undefined;
  // Before the plan (and before the integrity baseline): they then exist and are bound.
  const placeholders =
    input.policy.posture === "workspace-write"
      ? placeProtectedPlaceholders(realOrSelf(input.launch.cwd))
      : [];
  const plan = { ...sandboxPlanFor(input), ...(egress ? { egress: egress.plan } : {}) };
  return {
    launch: sandboxedLaunch(input.launch, plan, probe.path),
    enforcement: "sandbox",
    notices: [],
    wrap: (launch) => sandboxedLaunch(launch, plan, probe.path),
    attach: (session: EgressSink) => {
      egress?.attach(session);
      if (placeholders.length > 0) removeWhenEnded(session, placeholders);
    },
  };
}

/** Removes the session's placeholders once it has closed or failed (the agent is gone). */
function removeWhenEnded(session: EgressSink, placeholders: string[]): void {
  const subscription = session.on((event) => {
    if (event.type !== "session_state") return;
    if (event.state !== "closed" && event.state !== "failed") return;
    subscription.dispose();
    removePlaceholders(placeholders);
  });
}

function fallbackEnforcement(input: ConfinementInput): Enforcement {
  if (input.policy.posture !== "read-only") return "permission-only";
  return input.entry.fileAccess === "client" || input.verifiedReadOnlyMode
    ? "mode"
    : "permission-only";
}

/** The plan for a session: the policy's posture and protected paths, the agent's state. */
export function sandboxPlanFor(input: ConfinementInput): SandboxPlan {
  const workspace = realOrSelf(input.launch.cwd);
  const writable = input.policy.posture === "workspace-write";
  const policy = {
    ...input.policy,
    protect: [...input.policy.protect, ...denyWriteGlobs(input.policy)],
  };
  const found = protectedEntries(workspace, policy, {
    ...(input.configFile ? { configFile: input.configFile } : {}),
  }).paths;
  const hiddenDirs = found.filter((p) => /(^|\/)\.acpgate$/.test(p) && isDir(p));
  return {
    workspace,
    workspaceWritable: writable,
    readOnly: writable ? found.filter((p) => !hiddenDirs.includes(p)) : [],
    hiddenDirs,
    hiddenFiles: input.secretFiles.filter((f) => existsSync(f)).map(realOrSelf),
    writable: stateDirsOf(input),
    // An allow list is an unshared network with the egress proxy (added by confine).
    network: input.policy.network === "shared" || !input.policy.network ? "shared" : "none",
  };
}

/** Path globs of deny rules that refuse writes (no other condition): read-only too. */
function denyWriteGlobs(policy: Policy): string[] {
  return policy.deny.flatMap((rule) => {
    if (!rule.paths || rule.commands || rule.commandRegex || rule.tools || rule.agents) return [];
    const writes = !rule.kinds || rule.kinds.some((k) => WRITE_KINDS.includes(k));
    return writes ? [...rule.paths] : [];
  });
}

/**
 * The agent's writable state: each `~/dir` of its catalogue entry (created when missing),
 * or its whole HOME when it has no facts or keeps a file of state directly in HOME
 * (`~/.claude.json` is replaced by rename, which a bound file does not allow). Entries under
 * /tmp live in the private /tmp already.
 */
function stateDirsOf(input: ConfinementInput): string[] {
  const home = input.launch.env.HOME;
  if (!home || resolve(home) === "/" || !isDir(home)) return [];
  const dirs = input.stateDirs;
  const inHome = (dirs ?? []).filter((d) => d.startsWith("~/")).map((d) => d.slice(2));
  if (dirs === undefined || inHome.some((d) => !d.includes("/") && /^.+\.[a-z]+$/.test(d)))
    return [realOrSelf(home)];
  return inHome.map((d) => {
    const path = join(home, d);
    if (!existsSync(path)) mkdirSync(path, { recursive: true });
    return realOrSelf(path);
  });
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}
