import { AcpgateError } from "../util/errors.js";
import type { StartedSession } from "../sessions/sessionGuard.js";

/** What the catalogue and the config file say about an agent's modes, checked at start. */
export interface ModeClaims {
  /** Mode ids the config file's `modes:` names for this agent. */
  configured: readonly string[];
  /** The modes acpgate's catalogue knows as read-only for this agent. */
  readOnly: readonly string[];
  /** The adapter version the catalogue's facts were checked at. */
  verifiedAt?: string;
}

function offeredModes(session: StartedSession): string[] {
  return session.modes.state.available.map((m) => m.id);
}

function agentLabel(session: StartedSession): string {
  const info = session.initializeResponse?.agentInfo;
  const version = info?.version ? ` ${info.version}` : "";
  return `agent '${session.agentId}'${info?.name ? ` (${info.name}${version})` : ""}`;
}

/**
 * A mode the config file maps that the agent does not offer is a mistake (a misspelt
 * `readonly`), not a fact to ignore: refused with the modes it does offer (`mode_unknown`).
 */
export function checkConfiguredModes(session: StartedSession, claims: ModeClaims): void {
  const offered = offeredModes(session);
  const unknown = claims.configured.filter((id) => !offered.includes(id));
  if (!unknown.length) return;
  throw new AcpgateError(
    "mode_unknown",
    `${agentLabel(session)} does not offer mode ${unknown.map((m) => `'${m}'`).join(", ")} ` +
      `named in its 'modes:'; ${offered.length ? `it offers: ${offered.join(", ")}` : "it offers no modes"}`,
    { agentId: session.agentId, unknown, offered },
  );
}

/**
 * When none of the catalogue's read-only modes is offered, the catalogue is out of date
 * for this version: the sentence that says so (undefined when one is offered or none known).
 */
export function missingReadOnlyMode(
  session: StartedSession,
  claims: ModeClaims,
): string | undefined {
  if (!claims.readOnly.length) return undefined;
  const offered = offeredModes(session);
  if (claims.readOnly.some((id) => offered.includes(id))) return undefined;
  return (
    `acpgate's catalogue names ${claims.readOnly.map((m) => `'${m}'`).join(" or ")} as the ` +
    `read-only mode of ${agentLabel(session)}${claims.verifiedAt ? ` (checked at ${claims.verifiedAt})` : ""}, ` +
    `but this version ${offered.length ? `offers only ${offered.join(", ")}` : "offers no modes"}`
  );
}
