import type { AuditRecordInput, AuditTool } from "../audit/auditRecord.js";
import type { Disposable } from "../util/emitter.js";
import { errorMessage } from "../util/errors.js";
import type { AuditContext, RecordBase } from "./auditContext.js";
import type { SessionEvent } from "../sessions/events.js";
import type { Session } from "../sessions/session.js";

const FINISHED_TOOL = new Set(["completed", "failed"]);
const CRASH_CODES = new Set(["agent_exited", "agent_spawn_failed", "connection_closed"]);

/**
 * Records what a session does that no guard sees: start and end, prompts, tool outcomes,
 * mode changes, extension methods, capability refusals, crashes; keeps its `sessions` row
 * current (state, turns, the mode at each turn's start and end, the policy after a
 * promotion: what `run --resume` continues from) and journals its wire. These records are
 * not on the answer path: they are queued in order and failures are logged, never thrown
 * into the session.
 */
export class SessionRecorder implements Disposable {
  private readonly subscriptions: Disposable[] = [];
  private readonly base: RecordBase;
  /** What each tool call announced, so its outcome record names it (cleared every turn). */
  private readonly tools = new Map<string, AuditTool>();

  private turns = 0;

  private readonly httpRequestId: string | undefined;

  constructor(
    private readonly session: Session,
    private readonly audit: AuditContext,
    { httpRequestId, ...facts }: SessionFacts = {},
  ) {
    this.httpRequestId = httpRequestId;
    this.base = {
      sessionId: session.id,
      agentId: session.agentId,
      surface: audit.surface,
      actor: audit.actor,
    };
    this.track(
      audit.store.putSession({
        id: session.id,
        agentId: session.agentId,
        cwd: session.cwd,
        state: session.state,
        surface: audit.surface,
        actor: audit.actor,
        createdAt: session.createdAt.toISOString(),
        ...definedOnly(facts),
      }),
    );
    this.subscriptions.push(session.on((event) => this.onEvent(event)));
    if (audit.journal) this.subscriptions.push(audit.journal.attach(session.id, session.tap));
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.subscriptions.length = 0;
  }

  private onEvent(event: SessionEvent): void {
    this.rememberTool(event);
    const record = recordFor(event);
    if (record && event.type === "session_started" && this.httpRequestId)
      record.data = { ...record.data, httpRequestId: this.httpRequestId };
    if (record?.kind === "tool_outcome" && record.tool?.toolCallId) {
      record.tool = { ...this.tools.get(record.tool.toolCallId), ...record.tool };
    }
    if (event.type === "turn_ended") this.tools.clear();
    // Nobody waits on these to answer anyone (auditingGuard.ts awaits its own): relaxed.
    if (record)
      this.track(
        this.audit.store.append({ ...this.base, time: event.time, ...record }, { relaxed: true }),
      );
    if (event.type === "session_started") {
      this.audit.logger?.info(
        {
          sessionId: this.session.id,
          agentId: this.session.agentId,
          agentSessionId: event.agentSessionId,
        },
        "session started",
      );
      this.update({ agentSessionId: event.agentSessionId });
    } else if (event.type === "turn_started") {
      this.update({ turns: ++this.turns, mode: this.currentMode() });
    } else if (event.type === "turn_ended") {
      this.update({ stopReason: event.stopReason, mode: this.currentMode() });
    } else if (event.type === "promotion") {
      this.update({ policy: event.to });
    } else if (event.type === "session_state") {
      const final = event.state === "closed" || event.state === "failed";
      this.update({ state: event.state, ...(final ? { endedAt: event.time } : {}) });
      if (final) {
        this.audit.logger?.info(
          { sessionId: this.session.id, state: event.state, reason: event.reason },
          "session ended",
        );
        // The journal of a finished session is written now rather than on the next timer.
        if (this.audit.journal) this.track(this.audit.journal.flush());
        this.dispose();
      }
    }
  }

  private rememberTool(event: SessionEvent): void {
    if ((event.type !== "tool_call" && event.type !== "tool_call_update") || event.replay) return;
    const known = this.tools.get(event.toolCallId) ?? { toolCallId: event.toolCallId };
    if (event.title) known.title = event.title;
    if (event.kind) known.kind = event.kind;
    if (event.locations?.length) known.paths = event.locations;
    this.tools.set(event.toolCallId, known);
  }

  /**
   * What `run --resume` restores: the agent's mode as the session's one view has it, written
   * when a turn starts and when it ends — one write each, turns apart, so that row updates
   * (which PostgreSQL may commit out of order) never leave an older mode over a newer one.
   */
  private currentMode(): string | undefined {
    return this.session.modes.state.currentModeId;
  }

  private update(patch: Parameters<AuditContext["store"]["updateSession"]>[1]): void {
    this.track(this.audit.store.updateSession(this.session.id, patch));
  }

  private track(work: Promise<unknown>): void {
    work.catch((error: unknown) =>
      this.audit.logger?.warn(
        { err: errorMessage(error), sessionId: this.session.id },
        "audit record not written",
      ),
    );
  }
}

/** What the session's request says about it, recorded on its row (see SessionRow). */
export interface SessionFacts {
  name?: string | undefined;
  policy?: string | undefined;
  environment?: string | undefined;
  resumedFrom?: string | undefined;
  /** The HTTP request that created the session: on `session_started`, not on the session row. */
  httpRequestId?: string | undefined;
}

function definedOnly(facts: SessionFacts): SessionFacts {
  return Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined));
}

type Recorded = Omit<AuditRecordInput, keyof RecordBase> & Partial<Pick<AuditRecordInput, "actor">>;

/** The audit record for a session event the guard does not record itself, if any. */
export function recordFor(event: SessionEvent): Recorded | undefined {
  switch (event.type) {
    case "session_started":
      return {
        kind: "session_started",
        status: event.how,
        data: {
          agentSessionId: event.agentSessionId,
          protocolVersion: event.protocolVersion,
          ...(event.agentInfo ? { agentInfo: event.agentInfo } : {}),
          ...(event.enforcement ? { enforcement: event.enforcement } : {}),
        },
      };
    case "session_state":
      if (event.state !== "closed" && event.state !== "failed") return undefined;
      return { kind: "session_ended", status: event.state, data: { reason: event.reason ?? null } };
    case "turn_started":
      return {
        kind: "prompt",
        data: {
          text: event.promptText,
          ...(event.requestId ? { httpRequestId: event.requestId } : {}),
        },
      };
    case "turn_ended":
      return { kind: "turn_ended", status: event.stopReason };
    case "tool_call":
    case "tool_call_update":
      if (!event.status || !FINISHED_TOOL.has(event.status) || event.replay) return undefined;
      return {
        kind: "tool_outcome",
        status: event.status,
        tool: {
          toolCallId: event.toolCallId,
          ...(event.title !== undefined ? { title: event.title } : {}),
          ...(event.kind !== undefined ? { kind: event.kind } : {}),
          ...(event.locations ? { paths: event.locations } : {}),
        },
      };
    case "protected_path_changed":
      return {
        kind: "protected_path_changed",
        status: event.change,
        tool: { kind: "edit", paths: [event.path] },
        data: { ruleId: event.ruleId, ...(event.more ? { more: event.more } : {}) },
      };
    case "network_request":
      return {
        kind: "network_request",
        status: event.allowed ? "allowed" : "refused",
        data: { host: event.host, port: event.port, via: event.via },
      };
    case "mode_changed":
      return { kind: "mode_change", data: { modeId: event.modeId } };
    case "notice":
      if (event.code !== "mcp_server_withheld") return undefined;
      return {
        kind: "mcp_server_withheld",
        status: event.data.from,
        data: { name: event.data.name, rule: event.data.rule, message: event.message },
      };
    case "extension":
      return {
        kind: "extension",
        status: event.accepted ? "accepted" : "refused",
        data: { method: event.method, messageKind: event.kind },
      };
    case "fs_read":
      return {
        kind: "fs_read",
        status: event.allowed ? "completed" : "refused",
        tool: { kind: "read", paths: [event.path] },
        ...(event.reason ? { data: { reason: event.reason } } : {}),
      };
    case "error":
      return {
        kind:
          event.code === "capability_missing"
            ? "capability_refusal"
            : CRASH_CODES.has(event.code)
              ? "agent_crash"
              : "error",
        status: event.code,
        data: { message: event.message },
      };
    default:
      return undefined;
  }
}
