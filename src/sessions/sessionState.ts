import { AcpgateError } from "../util/errors.js";

export type SessionStateName = "starting" | "ready" | "prompting" | "closing" | "closed" | "failed";

const ALLOWED: Record<SessionStateName, readonly SessionStateName[]> = {
  starting: ["ready", "closing", "failed", "closed"],
  ready: ["prompting", "closing", "failed", "closed"],
  prompting: ["ready", "closing", "failed", "closed"],
  closing: ["closed", "failed"],
  closed: [],
  failed: [],
};

/** The session lifecycle as an explicit machine: an illegal step is a bug, and says so. */
export class SessionStateMachine {
  private current: SessionStateName = "starting";

  get state(): SessionStateName {
    return this.current;
  }

  get isFinal(): boolean {
    return this.current === "closed" || this.current === "failed";
  }

  canMove(to: SessionStateName): boolean {
    return ALLOWED[this.current].includes(to);
  }

  /** Moves to `to`; returns the previous state. */
  move(to: SessionStateName): SessionStateName {
    if (!this.canMove(to)) {
      throw new AcpgateError("session_state", `session cannot go from ${this.current} to ${to}`, {
        from: this.current,
        to,
      });
    }
    const previous = this.current;
    this.current = to;
    return previous;
  }

  /** Requires the session to be in one of `states` for `action`. */
  require(action: string, ...states: SessionStateName[]): void {
    if (!states.includes(this.current)) {
      throw new AcpgateError(
        "session_state",
        `cannot ${action} while the session is ${this.current}`,
        { state: this.current, action },
      );
    }
  }
}
