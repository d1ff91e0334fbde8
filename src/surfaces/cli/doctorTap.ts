import { performance } from "node:perf_hooks";
import { ModeView } from "../../sessions/modeView.js";
import type { Session } from "../../sessions/session.js";
import type { Disposable } from "../../util/emitter.js";
import type { DoctorStep, DoctorTiming } from "./doctorReport.js";

/** The requests the doctor times, by ACP method. Both ways of setting a mode are `set_mode`. */
const STEPS: Record<string, DoctorStep> = {
  initialize: "initialize",
  authenticate: "authenticate",
  "session/new": "session/new",
  "session/set_mode": "set_mode",
  "session/set_config_option": "set_mode",
  "session/prompt": "prompt",
};

type Wire = {
  id?: string | number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: unknown;
};

/**
 * What a probe reads off the session's raw tap, so it sees exactly what went over the wire:
 * each step's time, the client capabilities advertised, the client methods the agent
 * called, and the agent's own mode as it answered session/new (before acpgate set another).
 */
export class DoctorTap {
  readonly timings: DoctorTiming[] = [];
  readonly used = new Set<string>();
  advertised: unknown = null;
  agentDefault: string | null = null;
  private readonly pending = new Map<
    string | number,
    { step: DoctorStep; at: number; method: string }
  >();
  private readonly subscription: Disposable;

  constructor(session: Session) {
    this.subscription = session.tap.on(({ direction, message }) =>
      this.observe(direction, message as Wire),
    );
  }

  /** The step whose request is still unanswered (the agent died or hung in it). */
  inFlight(): DoctorStep | undefined {
    return [...this.pending.values()][0]?.step;
  }

  /** The first step the agent answered with an error. */
  failed(): DoctorStep | undefined {
    return this.timings.find((t) => !t.ok)?.step;
  }

  answered(step: DoctorStep): boolean {
    return this.timings.some((t) => t.step === step && t.ok);
  }

  /** Unanswered requests become failed steps, timed up to now (the probe is over). */
  abandonPending(): void {
    const now = performance.now();
    for (const { step, at, method } of this.pending.values())
      this.push(step, now - at, false, method);
    this.pending.clear();
  }

  /** Times a step that is not one request: close. */
  async time<T>(step: DoctorStep, run: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      const value = await run();
      this.push(step, performance.now() - start, true);
      return value;
    } catch (error) {
      this.push(step, performance.now() - start, false);
      throw error;
    }
  }

  dispose(): void {
    this.subscription.dispose();
  }

  private observe(direction: "in" | "out", wire: Wire): void {
    const now = performance.now();
    if (direction === "out" && wire.method && wire.id !== undefined) {
      const step = STEPS[wire.method];
      if (step) this.pending.set(wire.id, { step, at: now, method: wire.method });
      if (wire.method === "initialize")
        this.advertised =
          (wire.params as { clientCapabilities?: unknown }).clientCapabilities ?? null;
    } else if (direction === "in" && !wire.method && wire.id !== undefined) {
      const started = this.pending.get(wire.id);
      if (!started) return;
      this.pending.delete(wire.id);
      this.push(started.step, now - started.at, !wire.error, started.method);
      if (started.step === "session/new" && !wire.error) {
        const view = new ModeView();
        view.fromSessionResponse(wire.result);
        this.agentDefault = view.state.currentModeId ?? null;
      }
    } else if (direction === "in" && wire.method && wire.method !== "session/update") {
      this.used.add(wire.method);
    }
  }

  private push(step: DoctorStep, ms: number, ok: boolean, method?: string): void {
    this.timings.push({
      step,
      ms: Math.round(ms),
      ok,
      ...(step === "set_mode" && method ? { method } : {}),
    });
  }
}
