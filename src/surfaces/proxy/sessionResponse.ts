import type { Session } from "../../sessions/session.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

const noRun = (): void => undefined;

/**
 * Captures the agent's own answer to session/new|load|resume from the raw tap, so that the
 * editor gets it whole (`_meta`, fields acpgate does not know), keyed by the request's id.
 */
export function captureSessionResponse(session: Session): () => Obj {
  const ids = new Set<unknown>();
  let response: Obj = {};
  const subscription = session.tap.on(({ direction, message }) => {
    const m = message as Obj;
    if (direction === "out" && typeof m.method === "string") {
      if (/^session\/(new|load|resume)$/.test(m.method)) ids.add(m.id);
    } else if (direction === "in" && "id" in m && ids.has(m.id)) {
      if (isObj(m.result)) response = m.result;
      subscription.dispose();
    }
    // A run is of notifications only: nothing for it here.
  }, noRun);
  return () => {
    subscription.dispose();
    return withCurrentMode(response, session);
  };
}

/** acpgate set the mode to the posture after the agent answered: the editor sees the mode in force. */
function withCurrentMode(response: Obj, session: Session): Obj {
  const current = session.modes.state.currentModeId;
  if (current === undefined) return response;
  const out: Obj = { ...response };
  if (isObj(out.modes)) out.modes = { ...out.modes, currentModeId: current };
  if (Array.isArray(out.configOptions))
    out.configOptions = out.configOptions.map((o: unknown) =>
      isObj(o) && o.category === "mode" ? { ...o, currentValue: current } : o,
    );
  return out;
}
