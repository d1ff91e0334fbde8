import type { StartedSession } from "../sessions/sessionGuard.js";

/**
 * What promotion needs of a session's policy guard. Looked up by session, not by the
 * session's guard object, so decorators (audit) may wrap the guard freely.
 */
export interface PolicyControl {
  readonly policyName: string;
  /** Switches the session to the named policy; returns the mode set to match, if any. */
  switchPolicy(
    name: string,
  ): Promise<{ from: string; to: string; posture: string; modeId?: string }>;
}

const controls = new WeakMap<object, PolicyControl>();

export function registerPolicyControl(session: StartedSession, control: PolicyControl): void {
  controls.set(session, control);
}

export function policyControlOf(session: object): PolicyControl | undefined {
  return controls.get(session);
}
