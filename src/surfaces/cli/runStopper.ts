import type { Session } from "../../sessions/session.js";
import { AcpgateError } from "../../util/errors.js";

/** The signals that end a run: each exits 130 after the agent's process group is gone. */
export const STOP_SIGNALS: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/** How long a cancelled turn may take to end before the agent's group is killed. */
export const CANCEL_GRACE_MS = 3000;

export type StopCause = { kind: "timeout"; after: string } | { kind: "signal"; signal: string };

/**
 * `--timeout` and SIGINT/SIGTERM/SIGHUP, from the moment the run starts (start-up included)
 * until its agent is gone. A turn in progress is cancelled first and the agent's group killed
 * if it has not ended after the grace; at any other phase (initialize, session/new, closing)
 * there is no turn to cancel and the group is killed at once. A second signal forces the kill.
 * Before a session exists the cause is only noted: `check()` ends the run at the next step.
 */
export class RunStopper {
  private cause_: StopCause | undefined;
  private session: Session | undefined;
  private timer: NodeJS.Timeout | undefined;
  private killer: NodeJS.Timeout | undefined;
  private readonly waiting = new Set<(error: AcpgateError) => void>();
  private settled = false;
  private readonly onSignal = (signal: NodeJS.Signals): void => {
    if (this.cause_ || this.settled) this.kill(stopError({ kind: "signal", signal }));
    else this.stop({ kind: "signal", signal });
  };

  constructor(private readonly timeout: { ms: number; text: string } | undefined) {}

  /** Installs the handlers and starts the clock. Call before anything is spawned. */
  arm(): void {
    for (const signal of STOP_SIGNALS) process.on(signal, this.onSignal);
    const timeout = this.timeout;
    if (timeout && timeout.ms > 0) {
      this.timer = setTimeout(
        () => this.stop({ kind: "timeout", after: timeout.text }),
        timeout.ms,
      );
    }
  }

  /**
   * The outcome is known (the turn ended, or the run failed): the clock stops, and a signal
   * from now on only hurries the agent's end (a kill) without changing the outcome.
   */
  settle(): void {
    this.settled = true;
    if (this.timer) clearTimeout(this.timer);
  }

  disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.killer) clearTimeout(this.killer);
    for (const signal of STOP_SIGNALS) process.off(signal, this.onSignal);
  }

  /** The session to stop; stopped at once when the run was already told to stop. */
  attach(session: Session): void {
    this.session = session;
    if (this.cause_) this.kill();
  }

  get cause(): StopCause | undefined {
    return this.cause_;
  }

  get timedOut(): boolean {
    return this.cause_?.kind === "timeout";
  }

  get interrupted(): boolean {
    return this.cause_?.kind === "signal";
  }

  /** Throws the stop's error when the run was told to stop (between start-up steps). */
  check(): void {
    const error = this.error();
    if (error) throw error;
  }

  /** `promise`, or the stop's error as soon as the run is told to stop (a wait that owns nothing). */
  race<T>(promise: Promise<T>): Promise<T> {
    this.check();
    return new Promise<T>((resolve, reject) => {
      const onStop = (error: AcpgateError): void => reject(error);
      this.waiting.add(onStop);
      promise.then(resolve, reject).finally(() => this.waiting.delete(onStop));
    });
  }

  /** `timeout` or `cancelled`, with the line every surface prints. */
  error(): AcpgateError | undefined {
    return this.cause_ ? stopError(this.cause_) : undefined;
  }

  private stop(cause: StopCause): void {
    if (this.cause_ || this.settled) return;
    this.cause_ = cause;
    const error = this.error();
    if (error) for (const onStop of this.waiting) onStop(error);
    const session = this.session;
    if (!session) return;
    if (session.state !== "prompting") return this.kill();
    void session.cancel();
    this.killer = setTimeout(() => this.kill(), CANCEL_GRACE_MS);
    this.killer.unref();
  }

  /** SIGKILL to the agent's group, then the sweep of what is left of it (Session.kill). */
  private kill(error = this.error()): void {
    if (this.session && error) void this.session.kill(error);
  }
}

function stopError(cause: StopCause): AcpgateError {
  return cause.kind === "timeout"
    ? new AcpgateError("timeout", `timed out after ${cause.after}`, { after: cause.after })
    : new AcpgateError("cancelled", `interrupted by ${cause.signal}`, { signal: cause.signal });
}
