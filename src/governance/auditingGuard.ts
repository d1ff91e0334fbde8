import { RequestError } from "@agentclientprotocol/sdk";
import { POLICY_ACTOR } from "../audit/actor.js";
import type { AuditRecordInput, AuditTool } from "../audit/auditRecord.js";
import { boundedDiff } from "../audit/boundedDiff.js";
import type { Verdict } from "../policy/policyTypes.js";
import type { ClientParams, ClientResult } from "../protocol/clientMethods.js";
import type { GuardContext } from "../sessions/sessionGuard.js";
import { AcpgateError, errorMessage } from "../util/errors.js";
import { previousContent, toolOfAsk, viewRecord } from "./auditFacts.js";
import type { AuditContext, RecordBase } from "./auditContext.js";
import { ForwardingGuard } from "./forwardingGuard.js";
import type { Guard, PermissionAnswer, PermissionAsk } from "./guard.js";

/**
 * Wraps any guard so that what it decides and serves is recorded durably BEFORE the agent
 * hears the answer: permission asked + decided (the view policy judged, the rule, the option
 * kind, the outcome), fs writes (requested, then completed or refused) and terminal starts.
 * A record that cannot be committed is a runtime failure (`audit_unavailable`): the session
 * ends and the agent is answered with an error, never with a decision nobody recorded.
 */
export class AuditingGuard extends ForwardingGuard {
  private opSeq = 0;
  /** `asked` records in flight, by permission id: `decided` waits for both. */
  private readonly asked = new Map<string, Promise<unknown>>();

  constructor(
    inner: Guard,
    private readonly audit: AuditContext,
  ) {
    super(inner);
  }

  override decidePermission(
    ask: PermissionAsk,
    context: GuardContext,
    signal: AbortSignal,
  ): Promise<Verdict> {
    // Started before deciding (a person may take minutes); awaited before answering.
    const asked = this.append(context, {
      kind: "permission_asked",
      requestId: ask.id,
      tool: toolOfAsk(ask),
      data: { request: ask.params, announced: ask.announced ?? null, view: viewRecord(ask.view) },
    });
    asked.catch(() => undefined);
    this.asked.set(ask.id, asked);
    return this.inner.decidePermission(ask, context, signal);
  }

  override async permissionAnswered(
    ask: PermissionAsk,
    answer: PermissionAnswer,
    context: GuardContext,
  ): Promise<void> {
    const byPolicy = answer.decidedBy === POLICY_ACTOR;
    const decided = this.append(context, {
      kind: "permission_decided",
      requestId: ask.id,
      actor: answer.decidedBy,
      tool: toolOfAsk(ask),
      decision: {
        outcome: answer.outcome,
        reason: answer.reason,
        ...(answer.ruleId ? { ruleId: answer.ruleId } : {}),
        ...(byPolicy ? {} : { approver: answer.decidedBy }),
        ...(answer.optionKind ? { optionKind: answer.optionKind } : {}),
        ...(answer.scope ? { scope: answer.scope } : {}),
      },
      ...(answer.httpRequestId ? { data: { httpRequestId: answer.httpRequestId } } : {}),
    });
    const asked = this.asked.get(ask.id);
    this.asked.delete(ask.id);
    try {
      await Promise.all([asked, decided]);
    } catch (error) {
      throw this.unavailable(error, "permission_decided");
    }
    await this.inner.permissionAnswered(ask, answer, context);
  }

  // Properties, not methods: the forwarders they replace are declared through ClientMethods.
  override readonly "fs/write_text_file" = async (
    params: ClientParams<"fs/write_text_file">,
    context: GuardContext,
    signal: AbortSignal,
  ): Promise<ClientResult<"fs/write_text_file">> => {
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
    return this.twoPhase(context, { kind: "fs_write", requestId, tool }, () =>
      this.inner["fs/write_text_file"](params, context, signal),
    );
  };

  override readonly "terminal/create" = async (
    params: ClientParams<"terminal/create">,
    context: GuardContext,
    signal: AbortSignal,
  ): Promise<ClientResult<"terminal/create">> => {
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
      () => this.inner["terminal/create"](params, context, signal),
      (response) => ({ terminalId: response.terminalId }),
    );
  };

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

  /** Appends, or ends the session (`audit_unavailable`) and answers the agent with an error. */
  private async mustRecord(
    context: GuardContext,
    record: Partial<AuditRecordInput>,
  ): Promise<void> {
    try {
      await this.append(context, record);
    } catch (error) {
      const failure = this.unavailable(error, record.kind);
      context.fail(failure);
      throw RequestError.internalError({ code: failure.code }, failure.message);
    }
  }

  private unavailable(error: unknown, kind: string | undefined): AcpgateError {
    this.audit.logger?.error(
      { err: errorMessage(error), kind },
      "audit write failed: session ends",
    );
    return new AcpgateError(
      "audit_unavailable",
      `the audit store could not record ${kind ?? "a record"} (${errorMessage(error)}): the session ends`,
      { kind },
      { cause: error },
    );
  }

  private append(context: GuardContext, record: Partial<AuditRecordInput>): Promise<unknown> {
    const base: RecordBase = {
      sessionId: context.sessionId,
      agentId: context.agentId,
      surface: this.audit.surface,
      actor: this.audit.actor,
    };
    return this.audit.store.append({ ...base, ...record } as AuditRecordInput);
  }
}
