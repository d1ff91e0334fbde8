import type { ExtensionEventBody } from "../../src/protocol/extensionEvents.js";
import type { ConnectionContext, ExtensionHost } from "../../src/protocol/extensionRouter.js";
import type { AcpgateError } from "../../src/util/errors.js";

/** An ExtensionHost that keeps what a router emits, for driving routers without a process. */
export function recordingHost(overrides: Partial<ConnectionContext> = {}): ExtensionHost & {
  events: ExtensionEventBody[];
  failures: AcpgateError[];
} {
  const events: ExtensionEventBody[] = [];
  const failures: AcpgateError[] = [];
  return {
    events,
    failures,
    context: Object.freeze({
      agentId: "agent",
      sessionId: "ses_test",
      agentSessionId: "agent-session",
      protocolVersion: 1,
      agentCapabilities: {},
      agentInfo: undefined,
      unattended: true,
      ...overrides,
    }),
    emit: (event) => events.push(event),
    fail: (error) => failures.push(error),
  };
}

export const NEVER = new AbortController().signal;
