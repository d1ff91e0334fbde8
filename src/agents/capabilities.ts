import type { InitializeResponse } from "@agentclientprotocol/sdk";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Capability names that `require:` accepts, each read off the initialize response.
 * `modes` / `read-only mode` are asserted after session/new (they live on the session).
 */
export const CAPABILITY_CHECKS: Record<string, (init: InitializeResponse) => boolean> = {
  loadSession: (i) => i.agentCapabilities?.loadSession === true,
  resume: (i) => isObj(i.agentCapabilities?.sessionCapabilities?.resume),
  close: (i) => isObj((i.agentCapabilities?.sessionCapabilities as Obj | undefined)?.close),
  list: (i) => isObj(i.agentCapabilities?.sessionCapabilities?.list),
  image: (i) => i.agentCapabilities?.promptCapabilities?.image === true,
  audio: (i) => i.agentCapabilities?.promptCapabilities?.audio === true,
  embeddedContext: (i) => i.agentCapabilities?.promptCapabilities?.embeddedContext === true,
  "mcp.http": (i) => i.agentCapabilities?.mcpCapabilities?.http === true,
  "mcp.sse": (i) => i.agentCapabilities?.mcpCapabilities?.sse === true,
};

/** The required capabilities the agent did not advertise (unknown names count as missing). */
export function missingCapabilities(required: string[], init: InitializeResponse): string[] {
  return required.filter((name) => {
    const check = CAPABILITY_CHECKS[name];
    return check ? !check(init) : true;
  });
}
