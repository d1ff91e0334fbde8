import { realpathSync } from "node:fs";
import type { AuditStore, SessionRow } from "../../audit/auditStore.js";
import type { StartHow } from "../../sessions/bootstrapSession.js";
import { AcpgateError } from "../../util/errors.js";
import { findSession } from "./findSession.js";

type Store = Pick<AuditStore, "getSession" | "listSessions" | "location">;

/** What the run was asked for on its command line; each given flag must match the record. */
export interface ResumeFlags {
  agent?: string | undefined;
  /** The run's working directory, resolved (`--cwd`, else `.`). */
  cwd: string;
  policy?: string | undefined;
  environment?: string | undefined;
}

/** A recorded session to continue, and the session request that continues it. */
export interface ResumeTarget {
  /** The run that is continued: the newest run of the agent session that sent a prompt. */
  row: SessionRow;
  /** The row SESSION named, when that is an older run of the same agent session. */
  named?: SessionRow;
  request: {
    agentId: string;
    cwd: string;
    policy: string;
    environment?: string;
    start: StartHow;
    resumed: { from: string; mode?: string };
  };
}

/**
 * `acpgate run --resume SESSION` (an id or a `--name`): the recorded agent session, cwd,
 * policy, environment and mode to continue with, or `resume_refused` (exit 4) saying why.
 * Runs of one agent session are continued from the newest that sent a prompt — never from a
 * stale row, nor from a run whose own resume was refused.
 */
export async function resumeTarget(
  store: Store,
  ref: string,
  flags: ResumeFlags,
): Promise<ResumeTarget> {
  const refuse = (why: string, data: Record<string, unknown> = {}): never => {
    throw new AcpgateError("resume_refused", `cannot resume '${ref}': ${why}`, {
      session: ref,
      ...data,
    });
  };
  const named = await findSession(store, ref);
  if (!named) return refuse(`no session with that id or name in the store at ${store.location}`);
  if (!named.agentSessionId)
    return refuse(`session ${named.id} never opened an agent session (state ${named.state})`);
  const row = await latestRun(store, named);
  if (!row) return refuse(`no run of session ${named.id} got as far as a prompt`);
  if (!row.policy)
    return refuse(`session ${row.id} was recorded without its policy (by an older acpgate)`);
  const differs = (what: string, recorded: string, given: string): never =>
    refuse(`its ${what} was '${recorded}'; this run asks for '${given}'`, {
      field: what,
      recorded,
      given,
    });
  if (flags.agent !== undefined && flags.agent !== row.agentId)
    differs("agent", row.agentId, flags.agent);
  if (!samePath(flags.cwd, row.cwd)) differs("cwd", row.cwd, flags.cwd);
  if (flags.policy !== undefined && flags.policy !== row.policy)
    differs("policy", row.policy, flags.policy);
  if (flags.environment !== undefined && flags.environment !== (row.environment ?? ""))
    differs("environment", row.environment ?? "(none)", flags.environment);
  return {
    row,
    ...(row.id !== named.id ? { named } : {}),
    request: {
      agentId: row.agentId,
      cwd: row.cwd,
      policy: row.policy,
      ...(row.environment !== undefined ? { environment: row.environment } : {}),
      start: { how: "continue", agentSessionId: named.agentSessionId },
      resumed: { from: row.id, ...(row.mode !== undefined ? { mode: row.mode } : {}) },
    },
  };
}

/** The newest run of `row`'s agent session that sent a prompt (the one `--resume` continues). */
export async function latestRun(
  store: Pick<AuditStore, "listSessions">,
  row: SessionRow,
): Promise<SessionRow | undefined> {
  if (!row.agentSessionId) return undefined;
  const runs = await store.listSessions({
    agentId: row.agentId,
    agentSessionId: row.agentSessionId,
    newestFirst: true,
  });
  return runs.find((r) => (r.turns ?? 0) > 0);
}

/** One line for people: what is continued, how, with what. */
export function describeResume(target: ResumeTarget): string {
  const { row, named } = target;
  return [
    `continuing session ${row.id}${row.name ? ` (${row.name})` : ""}`,
    named
      ? ` — the newest run of ${named.id}${named.name ? ` (${named.name})` : ""} that sent a prompt`
      : "",
    `: agent ${row.agentId}, agent session ${row.agentSessionId ?? "?"}, policy ${row.policy ?? "?"}`,
    row.mode !== undefined ? `, mode ${row.mode}` : "",
  ].join("");
}

function samePath(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}
