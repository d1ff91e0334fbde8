import { groupAlive } from "../../util/processGroup.js";
import { errorMessage, isAcpgateError } from "../../util/errors.js";
import type { AgentEntry } from "../../config/agentSchema.js";
import type { GovernedRequest } from "../../governance/governedSessions.js";
import { modeForPosture } from "../../policy/modeRisk.js";
import type { Policy } from "../../policy/policyTypes.js";
import { DOCTOR_SCHEMA, type DoctorReport, type DoctorStep } from "./doctorReport.js";
import { matrixFromInitialize, matrixFromModes } from "./doctorMatrix.js";
import { DoctorTap } from "./doctorTap.js";
import { ModeView } from "../../sessions/modeView.js";
import type { Session } from "../../sessions/session.js";
import type { SessionManager } from "../../sessions/sessionManager.js";

export interface DoctorOptions {
  manager: SessionManager<GovernedRequest>;
  agentId: string;
  entry: Pick<AgentEntry, "modes" | "auth">;
  cwd: string;
  /** The policy the probe session runs under: its mode is set as `acpgate run` would. */
  policy: Policy;
  /** Runs on the started session before it is closed (the turn of `--probe-write`). */
  afterStart?: (session: Session) => Promise<void>;
}

/** How long after close the agent's process group may take to be gone (a sweep in progress). */
const GONE_WAIT_MS = 2000;

/**
 * Probes one agent: start it, initialize (and authenticate when configured), open a session
 * under the policy (mode set as for `run`), optionally run `afterStart`, then close it and
 * check that its process group is gone. Never throws for an agent failure: the report says
 * which step failed and why.
 */
export async function runDoctor(options: DoctorOptions): Promise<DoctorReport> {
  // Secrets are resolved through the broker as for `run`: an agent that needs one is probed
  // with it, and one that cannot be read fails this report before anything is spawned.
  let session: Session;
  try {
    session = await options.manager.prepareWithInputs({
      agentId: options.agentId,
      cwd: options.cwd,
      unattended: true,
      policy: options.policy.name,
    });
  } catch (caught) {
    return notStarted(options, caught);
  }
  const tap = new DoctorTap(session);
  let error: DoctorReport["error"] = null;
  try {
    await session.start();
    await options.afterStart?.(session);
  } catch (caught) {
    error = {
      step: isAcpgateError(caught, "agent_spawn_failed") ? null : failedStep(tap),
      code: isAcpgateError(caught) ? caught.code : "internal",
      message: errorMessage(caught),
    };
    tap.abandonPending();
  }
  const pid = session.pid;
  const close = (): Promise<void> => options.manager.close(session.id).catch(() => undefined);
  if (error) await close();
  else await tap.time("close", close);
  tap.dispose();
  const view = session.modes.state;
  const target = modeForPosture(
    options.entry.modes,
    view.available.map((m) => m.id),
    options.policy.posture,
  );
  return {
    schema: DOCTOR_SCHEMA,
    agentId: options.agentId,
    ok: error === null,
    ...matrixFromInitialize(session.initializeResponse),
    ...matrixFromModes(view, tap.agentDefault),
    policy: {
      name: options.policy.name,
      posture: options.policy.posture,
      mode: view.via === "none" ? null : (target ?? null),
      switched: tap.answered("set_mode"),
    },
    ...authOf(options, tap.answered("authenticate")),
    enforcement: session.enforcement ?? null,
    clientCapabilities: { advertised: tap.advertised, used: [...tap.used].sort() },
    timings: tap.timings,
    processGone: pid === undefined || (await groupGone(pid)),
    error,
    probeWrite: null,
  };
}

/**
 * The step a failed start or turn was in: the request left unanswered (the agent died or
 * hung in it), else the one answered with an error, else — the session open — the policy's
 * start checks, else the last step answered (its answer was refused: a missing capability).
 */
function failedStep(tap: DoctorTap): DoctorStep | null {
  return (
    tap.inFlight() ??
    tap.failed() ??
    (tap.answered("session/new") ? "policy" : (tap.timings.at(-1)?.step ?? null))
  );
}

function authOf(options: DoctorOptions, ok: boolean): Pick<DoctorReport, "auth"> {
  const method = options.entry.auth?.method ?? null;
  return { auth: { method, ok: method ? ok : null } };
}

async function groupGone(pid: number): Promise<boolean> {
  const until = Date.now() + GONE_WAIT_MS;
  while (groupAlive(pid)) {
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

/** The report of an agent whose inputs (secrets, MCP servers) could not be resolved. */
function notStarted(options: DoctorOptions, caught: unknown): DoctorReport {
  return {
    schema: DOCTOR_SCHEMA,
    agentId: options.agentId,
    ok: false,
    ...matrixFromInitialize(undefined),
    ...matrixFromModes(new ModeView().state, null),
    policy: {
      name: options.policy.name,
      posture: options.policy.posture,
      mode: null,
      switched: false,
    },
    ...authOf(options, false),
    enforcement: null,
    clientCapabilities: { advertised: null, used: [] },
    timings: [],
    processGone: true,
    error: {
      step: "inputs",
      code: isAcpgateError(caught) ? caught.code : "internal",
      message: errorMessage(caught),
    },
    probeWrite: null,
  };
}
