import { performance } from "node:perf_hooks";
import { groupAlive } from "../../util/processGroup.js";
import { errorMessage, isAcpgateError } from "../../util/errors.js";
import {
  DOCTOR_SCHEMA,
  matrixFromInitialize,
  matrixFromModes,
  type DoctorReport,
  type DoctorStep,
  type DoctorTiming,
} from "./doctorReport.js";
import { ModeView } from "../../sessions/modeView.js";
import type { Session } from "../../sessions/session.js";
import type { SessionManager } from "../../sessions/sessionManager.js";

const STEPS: Record<string, DoctorStep> = {
  initialize: "initialize",
  authenticate: "authenticate",
  "session/new": "session/new",
};

export interface DoctorOptions {
  manager: SessionManager;
  agentId: string;
  cwd: string;
  /** The auth method configured for the agent, if any (reported as tried). */
  authMethod?: string;
}

type Wire = { id?: string | number; method?: string; params?: unknown; error?: unknown };

/**
 * Probes one agent: start it, initialize (and authenticate when configured), open a session,
 * then close it and check that its process group is gone. Timings and the client methods the
 * agent called are read off the raw tap, so the probe sees exactly what went over the wire.
 * Never throws for an agent failure: the report says which step failed and why.
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
    });
  } catch (caught) {
    return notStarted(options, caught);
  }
  const pending = new Map<string | number, { step: DoctorStep; at: number }>();
  const timings: DoctorTiming[] = [];
  const used = new Set<string>();
  let advertised: unknown = null;
  const subscription = session.tap.on(({ direction, message }) => {
    const wire = message as Wire;
    const now = performance.now();
    if (direction === "out" && wire.method && wire.id !== undefined) {
      const step = STEPS[wire.method];
      if (step) pending.set(wire.id, { step, at: now });
      if (wire.method === "initialize")
        advertised = (wire.params as { clientCapabilities?: unknown }).clientCapabilities ?? null;
    } else if (direction === "in" && !wire.method && wire.id !== undefined) {
      const started = pending.get(wire.id);
      if (started) {
        pending.delete(wire.id);
        timings.push({ step: started.step, ms: round(now - started.at), ok: !wire.error });
      }
    } else if (direction === "in" && wire.method && wire.method !== "session/update") {
      used.add(wire.method);
    }
  });
  let error: DoctorReport["error"] = null;
  try {
    await session.start();
  } catch (caught) {
    const failed = isAcpgateError(caught, "agent_spawn_failed")
      ? null
      : ([...pending.values()][0]?.step ?? timings.find((t) => !t.ok)?.step ?? null);
    error = {
      step: failed,
      code: isAcpgateError(caught) ? caught.code : "internal",
      message: errorMessage(caught),
    };
  }
  const pid = session.pid;
  const closeStart = performance.now();
  await options.manager.close(session.id).catch(() => undefined);
  if (!error) timings.push({ step: "close", ms: round(performance.now() - closeStart), ok: true });
  subscription.dispose();
  const authTiming = timings.find((t) => t.step === "authenticate");
  return {
    schema: DOCTOR_SCHEMA,
    agentId: options.agentId,
    ok: error === null,
    ...matrixFromInitialize(session.initializeResponse),
    ...matrixFromModes(session.modes.state),
    auth: {
      method: options.authMethod ?? null,
      ok: options.authMethod ? (authTiming?.ok ?? false) : null,
    },
    clientCapabilities: { advertised, used: [...used].sort() },
    timings,
    processGone: pid === undefined || !groupAlive(pid),
    error,
  };
}

/** The report of an agent whose inputs (secrets, MCP servers) could not be resolved. */
function notStarted(options: DoctorOptions, caught: unknown): DoctorReport {
  return {
    schema: DOCTOR_SCHEMA,
    agentId: options.agentId,
    ok: false,
    ...matrixFromInitialize(undefined),
    ...matrixFromModes(new ModeView().state),
    auth: { method: options.authMethod ?? null, ok: options.authMethod ? false : null },
    clientCapabilities: { advertised: null, used: [] },
    timings: [],
    processGone: true,
    error: {
      step: "inputs",
      code: isAcpgateError(caught) ? caught.code : "internal",
      message: errorMessage(caught),
    },
  };
}

function round(ms: number): number {
  return Math.round(ms);
}
