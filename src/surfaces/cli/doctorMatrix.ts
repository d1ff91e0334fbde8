import type { InitializeResponse } from "@agentclientprotocol/sdk";
import type { ModeViewState } from "../../sessions/modeView.js";
import type { DoctorReport } from "./doctorReport.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const strOrNull = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** The initialize-derived part of the matrix; tolerant of missing or null fields. */
export function matrixFromInitialize(
  init: InitializeResponse | undefined,
): Pick<DoctorReport, "agent" | "protocolVersion" | "session" | "prompt" | "mcp" | "authMethods"> {
  const caps: Obj = isObj(init?.agentCapabilities) ? init.agentCapabilities : {};
  const sessionCaps: Obj = isObj(caps.sessionCapabilities) ? caps.sessionCapabilities : {};
  const prompt: Obj = isObj(caps.promptCapabilities) ? caps.promptCapabilities : {};
  const mcp: Obj = isObj(caps.mcpCapabilities) ? caps.mcpCapabilities : {};
  const info: Obj = isObj(init?.agentInfo) ? init.agentInfo : {};
  return {
    agent: {
      name: strOrNull(info.name),
      title: strOrNull(info.title),
      version: strOrNull(info.version),
    },
    protocolVersion: typeof init?.protocolVersion === "number" ? init.protocolVersion : null,
    session: {
      load: caps.loadSession === true,
      resume: isObj(sessionCaps.resume),
      list: isObj(sessionCaps.list),
      close: isObj(sessionCaps.close),
      fork: isObj(sessionCaps.fork),
    },
    prompt: {
      text: true,
      image: prompt.image === true,
      audio: prompt.audio === true,
      embeddedContext: prompt.embeddedContext === true,
    },
    mcp: { stdio: true, http: mcp.http === true, sse: mcp.sse === true },
    authMethods: (Array.isArray(init?.authMethods) ? init.authMethods : []).flatMap((m: unknown) =>
      isObj(m) && typeof m.id === "string"
        ? [{ id: m.id, name: strOrNull(m.name) ?? m.id, type: strOrNull(m.type) }]
        : [],
    ),
  };
}

/** Modes and config options as the session's ModeView sees them. */
export function matrixFromModes(
  view: ModeViewState,
  agentDefault: string | null,
): Pick<DoctorReport, "modes" | "configOptions"> {
  return {
    modes: {
      via: view.via,
      current: view.currentModeId ?? null,
      available: view.available.map((m) => m.id),
      agentDefault,
    },
    configOptions: view.configOptions.flatMap((o) =>
      typeof o.id === "string"
        ? [
            {
              id: o.id,
              category: strOrNull(o.category),
              current:
                typeof o.currentValue === "string" || typeof o.currentValue === "boolean"
                  ? String(o.currentValue)
                  : null,
              values: choiceValues(o.options),
            },
          ]
        : [],
    ),
  };
}

/** Values of a select option; grouped options (`{group, options: […]}`) are flattened. */
function choiceValues(options: unknown): string[] {
  if (!Array.isArray(options)) return [];
  return options.flatMap((c: unknown) => {
    if (!isObj(c)) return [];
    if (typeof c.value === "string") return [c.value];
    return choiceValues(c.options);
  });
}
