import type { StartedSession } from "./sessionGuard.js";
import type {
  CreateTerminalRequest,
  CreateTerminalResponse,
  KillTerminalRequest,
  ReadTextFileRequest,
  ReadTextFileResponse,
  ReleaseTerminalRequest,
  RequestPermissionRequest,
  TerminalOutputRequest,
  TerminalOutputResponse,
  WaitForTerminalExitRequest,
  WaitForTerminalExitResponse,
  WriteTextFileRequest,
} from "@agentclientprotocol/sdk";
import { POLICY_ACTOR } from "../audit/actor.js";
import type { AuditRecordInput, AuditTool } from "../audit/auditRecord.js";
import { boundedDiff } from "../audit/boundedDiff.js";
import { refusedByPolicy } from "../protocol/wireErrors.js";
import { errorMessage } from "../util/errors.js";
import { previousContent, toolOf } from "./auditFacts.js";
import type { AuditContext, RecordBase } from "./auditContext.js";
import { pickOption } from "./permissionBroker.js";
import type { GuardContext, PermissionVerdict, SessionGuard } from "./sessionGuard.js";

/**
 * Wraps any guard so that what it decides and serves is recorded durably BEFORE the agent
 * hears the answer: permission asked + decided, fs writes (requested, then completed or
 * refused) and terminal starts. When a record cannot be committed the request is refused.
 */
export class AuditingGuard implements SessionGuard {
  private permissionSeq = 0;
  private opSeq = 0;

  constructor(
    private readonly inner: SessionGuard,
    private readonly audit: AuditContext,
  ) {}

  clientCapabilities() {
    return this.inner.clientCapabilities();
  }

  /** The inner guard's start hook (mode to match the posture, policy assertions) runs as is. */
  async sessionStarted(session: StartedSession): Promise<void> {
    await this.inner.sessionStarted?.(session);
  }

  authorizeModeChange(modeId: string): void {
    this.inner.authorizeModeChange?.(modeId);
  }

  async decidePermission(
    request: RequestPermissionRequest,
    context: GuardContext,
    signal: AbortSignal,
  ): Promise<PermissionVerdict> {
    // Same numbering as the session's permission events, so records and events correlate.
    const requestId = `perm_${context.sessionId.slice(4, 12)}_${++this.permissionSeq}`;
    const announced = context.toolCall(request.toolCall.toolCallId);
    const tool = toolOf(request, announced);
    // Started before deciding (a human may take minutes); awaited before answering.
    const asked = this.append(context, {
      kind: "permission_asked",
      requestId,
      tool,
      data: { request, announced: announced ?? null },
    });
    asked.catch(() => undefined);
    const verdict = await this.inner.decidePermission(request, context, signal);
    const option = pickOption(request.options, verdict);
    const byPolicy = verdict.decidedBy === POLICY_ACTOR;
    const decided = this.append(context, {
      kind: "permission_decided",
      requestId,
      ...(byPolicy ? { actor: POLICY_ACTOR } : { actor: verdict.decidedBy }),
      tool,
      decision: {
        outcome: option && verdict.outcome === "allow" ? "allow" : "reject",
        reason: verdict.reason,
        ...(verdict.ruleId ? { ruleId: verdict.ruleId } : {}),
        ...(byPolicy ? {} : { approver: verdict.decidedBy }),
        ...(option ? { optionKind: option.kind } : {}),
        ...(verdict.scope ? { scope: verdict.scope } : {}),
      },
    });
    try {
      await Promise.all([asked, decided]);
    } catch (error) {
      this.audit.logger?.error(
        { err: errorMessage(error), requestId },
        "audit write failed: permission refused",
      );
      return {
        outcome: "reject",
        ruleId: "audit",
        reason: `the decision could not be recorded (${errorMessage(error)}): refused`,
        decidedBy: "acpgate",
      };
    }
    return verdict;
  }

  readTextFile(params: ReadTextFileRequest, context: GuardContext): Promise<ReadTextFileResponse> {
    return this.inner.readTextFile(params, context);
  }

  async writeTextFile(params: WriteTextFileRequest, context: GuardContext): Promise<void> {
    const requestId = `fsw_${++this.opSeq}`;
    const tool: AuditTool = { kind: "edit", paths: [params.path] };
    const diff = boundedDiff(
      params.path,
      await previousContent(params.path, context.cwd),
      params.content,
    );
    await this.mustRecord(context, {
      kind: "fs_write",
      requestId,
      tool,
      diff,
      status: "requested",
    });
    await this.twoPhase(context, { kind: "fs_write", requestId, tool }, () =>
      this.inner.writeTextFile(params, context),
    );
  }

  async createTerminal(
    params: CreateTerminalRequest,
    context: GuardContext,
  ): Promise<CreateTerminalResponse> {
    const requestId = `term_${++this.opSeq}`;
    const tool: AuditTool = {
      kind: "execute",
      command: [params.command, ...(params.args ?? [])].join(" "),
      ...(params.cwd ? { paths: [params.cwd] } : {}),
    };
    await this.mustRecord(context, {
      kind: "terminal",
      requestId,
      tool,
      status: "requested",
      data: { action: "create", env: (params.env ?? []).map((e) => e.name) },
    });
    return this.twoPhase(
      context,
      { kind: "terminal", requestId, tool },
      () => this.inner.createTerminal(params, context),
      (response) => ({ terminalId: response.terminalId }),
    );
  }

  terminalOutput(
    params: TerminalOutputRequest,
    context: GuardContext,
  ): Promise<TerminalOutputResponse> {
    return this.inner.terminalOutput(params, context);
  }

  waitForTerminalExit(
    params: WaitForTerminalExitRequest,
    context: GuardContext,
    signal: AbortSignal,
  ): Promise<WaitForTerminalExitResponse> {
    return this.inner.waitForTerminalExit(params, context, signal);
  }

  killTerminal(params: KillTerminalRequest, context: GuardContext): Promise<void> {
    return this.inner.killTerminal(params, context);
  }

  releaseTerminal(params: ReleaseTerminalRequest, context: GuardContext): Promise<void> {
    return this.inner.releaseTerminal(params, context);
  }

  dispose(): Promise<void> {
    return this.inner.dispose();
  }

  /** Runs the operation, then records how it ended; the answer waits for that record. */
  private async twoPhase<T>(
    context: GuardContext,
    record: Pick<AuditRecordInput, "kind" | "requestId" | "tool">,
    operation: () => Promise<T>,
    details: (result: T) => Record<string, unknown> = () => ({}),
  ): Promise<T> {
    let result: T;
    try {
      result = await operation();
    } catch (error) {
      await this.mustRecord(context, {
        ...record,
        status: "refused",
        data: { reason: errorMessage(error) },
      });
      throw error;
    }
    await this.mustRecord(context, { ...record, status: "completed", data: details(result) });
    return result;
  }

  /** Appends or refuses the request with a wire error the agent understands. */
  private async mustRecord(
    context: GuardContext,
    record: Partial<AuditRecordInput>,
  ): Promise<void> {
    try {
      await this.append(context, record);
    } catch (error) {
      this.audit.logger?.error(
        { err: errorMessage(error), kind: record.kind },
        "audit write failed: request refused",
      );
      throw refusedByPolicy("the request could not be recorded in the audit", { ruleId: "audit" });
    }
  }

  private append(context: GuardContext, record: Partial<AuditRecordInput>) {
    const base: RecordBase = {
      sessionId: context.sessionId,
      agentId: context.agentId,
      surface: this.audit.surface,
      actor: this.audit.actor,
    };
    return this.audit.store.append({ ...base, ...record } as AuditRecordInput);
  }
}
