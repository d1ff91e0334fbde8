import type { ClientCapabilities } from "@agentclientprotocol/sdk";
import type { LaunchSpec } from "../agents/agentProcess.js";
import type { AgentEntry } from "../config/agentSchema.js";
import { buildAgentEnv } from "../inputs/agentEnv.js";
import { decide } from "../policy/decide.js";
import { modeAllowed } from "../policy/modeRisk.js";
import type {
  Decision,
  Grant,
  Policy,
  PolicyRequest,
  SessionPolicyState,
  Verdict,
} from "../policy/policyTypes.js";
import type { GuardContext, StartedSession } from "../sessions/sessionGuard.js";
import { AcpgateError, isAcpgateError } from "../util/errors.js";
import { WorkspaceRoots } from "../workspace/pathFacts.js";
import { TerminalManager } from "../workspace/terminalManager.js";
import type { Approver } from "./approver.js";
import type { Guard, PermissionAnswer, PermissionAsk } from "./guard.js";
import type { ClientTerminals } from "./clientTerminals.js";
import { servedCapabilities } from "./servedCapabilities.js";
import { GuardedWorkspace, type ClientFiles } from "./guardedWorkspace.js";
import { registerPolicyControl, type PolicyControl } from "./guardRegistry.js";
import { alignMode, applyPolicyAtStart } from "./policyStart.js";
import { checkConfiguredModes, missingReadOnlyMode, type ModeClaims } from "./modeFacts.js";
import { IntegrityWatch } from "./integrityWatch.js";
import { protectedScope } from "./protectedScope.js";

export interface PolicyGuardOptions {
  policy: Policy;
  /** Another policy by name, for promotion. Throws for unknown names. */
  policies(name: string): Policy;
  agentId: string;
  entry: Pick<AgentEntry, "modes" | "fileAccess">;
  cwd: string;
  /** Real path of the config file in use: never writable. */
  configFile?: string;
  /** True when nobody can answer (acpgate run). */
  unattended: boolean;
  /** Who answers `ask` on an attended surface. */
  approver?: Approver;
  /** Serves allowed fs/* calls instead of the disk (the editor, when it offers fs). */
  clientFiles?: ClientFiles;
  /** Runs allowed terminals instead of acpgate (the editor, when it offers `terminal`). */
  clientTerminals?: ClientTerminals;
  terminalEnv?: Record<string, string>;
  /** The mode a resumed session was recorded in: restored at start, or the start is refused. */
  recordedMode?: string;
  /** What the config file and the catalogue claim about the agent's modes, checked at start. */
  /** The agent runs in the OS sandbox: a read-only posture needs no read-only mode. */
  sandboxed?: boolean;
  /** Puts the terminals acpgate runs for the agent in the agent's sandbox. */
  confineCommand?: (launch: LaunchSpec) => LaunchSpec;
  modeClaims?: ModeClaims;
  /** Files acpgate itself writes in the workspace (the SQLite audit file): not a protected change. */
  ownFiles?: readonly string[];
}

/**
 * The SessionGuard of a policy: every permission request, fs/* and terminal/* call of the
 * session is decided by decide() on a request view, `ask` goes to the approver (or follows
 * `unattendedAsk`), and modes are held to the posture. One guard per session.
 */
export class PolicyGuard extends GuardedWorkspace implements Guard, PolicyControl {
  private policy: Policy;
  private roots: WorkspaceRoots;
  private readonly grants: Grant[] = [];
  /** Files and commands of tool calls just allowed, so the fs/terminal calls that carry them out pass once. */
  private readonly approved = new Set<string>();
  private session: StartedSession | undefined;
  /** The protected-path integrity check: baseline now, compared after every turn. */
  private readonly integrity: IntegrityWatch;

  constructor(private readonly options: PolicyGuardOptions) {
    super(
      new TerminalManager(options.confineCommand),
      options.terminalEnv ?? buildAgentEnv({ planeEnv: process.env, passEnv: [], values: {} }),
      options.clientFiles,
      // A sandboxed agent's commands stay in its sandbox: never handed to the editor.
      options.sandboxed ? undefined : options.clientTerminals,
    );
    this.policy = options.policy;
    this.roots = new WorkspaceRoots(options.cwd, options.policy.roots);
    this.integrity = new IntegrityWatch(
      protectedScope({ ...options, policy: options.policy, roots: this.roots }),
    );
  }

  get policyName(): string {
    return this.policy.name;
  }

  get currentPolicy(): Policy {
    return this.policy;
  }

  workspaceRoots(): WorkspaceRoots {
    return this.roots;
  }

  /** The pure decision for a view, with this session's state (grants, modes, config file). */
  explain(view: PolicyRequest): Decision {
    return decide(view, this.policy, this.state());
  }

  clientCapabilities(): ClientCapabilities {
    return servedCapabilities(this.policy, this.options.approver !== undefined);
  }

  async decidePermission(
    ask: PermissionAsk,
    ctx: GuardContext,
    signal: AbortSignal,
  ): Promise<Verdict> {
    const judged = await this.judge(ask.view, ctx, signal, {
      toolCallId: ask.params.toolCall.toolCallId,
      optionKinds: ask.params.options.map((o) => o.kind),
      requestId: ask.id,
    });
    const unannounced = ask.view.announced === false ? " (tool call not announced)" : "";
    return { ...judged, reason: judged.reason + unannounced };
  }

  /** The fs/terminal calls that carry out an allowed tool call need no second answer. */
  async permissionAnswered(ask: PermissionAsk, answer: PermissionAnswer): Promise<void> {
    if (answer.outcome === "allow")
      for (const key of approvalKeys(ask.view)) this.approved.add(key);
  }

  async dispose(): Promise<void> {
    await this.releaseTerminals();
  }

  async sessionStarted(session: StartedSession): Promise<void> {
    this.session = session;
    registerPolicyControl(session, this);
    await this.integrity.attach(session);
    const claims = this.options.modeClaims;
    if (claims) checkConfiguredModes(session, claims);
    const outdated = claims && missingReadOnlyMode(session, claims);
    if (claims && outdated)
      session.emit({
        type: "notice",
        code: "catalogue_outdated",
        message: outdated,
        data: {
          readOnly: [...claims.readOnly],
          offered: session.modes.state.available.map((m) => m.id),
          verifiedAt: claims.verifiedAt ?? null,
        },
      });
    try {
      await applyPolicyAtStart(
        session,
        this.options.entry,
        this.policy,
        this.options.unattended,
        this.options.recordedMode,
        this.options.sandboxed === true,
      );
    } catch (error) {
      if (!outdated || !isAcpgateError(error, "capability_missing")) throw error;
      throw new AcpgateError(error.code, `${error.message} Note: ${outdated}.`, {
        ...error.details,
        catalogue: outdated,
      });
    }
  }

  /** A mode riskier than the posture (or unmapped) is refused, whoever asks. */
  authorizeModeChange(modeId: string): void {
    if (modeAllowed(this.options.entry.modes, modeId, this.policy.posture)) return;
    throw new AcpgateError(
      "policy_refused",
      `mode '${modeId}' is not allowed under policy '${this.policy.name}' (${this.policy.posture}); promote the session first`,
      { modeId, policy: this.policy.name },
    );
  }

  /** Promotion's step: the new policy takes effect for every later decision. */
  async switchPolicy(name: string) {
    const from = this.policy;
    const to = this.options.policies(name);
    this.policy = to;
    this.roots = new WorkspaceRoots(this.options.cwd, to.roots);
    const modeId = this.session ? await alignMode(this.session, this.options.entry, to) : undefined;
    return { from: from.name, to: to.name, posture: to.posture, ...(modeId ? { modeId } : {}) };
  }

  private state(): SessionPolicyState {
    return {
      ...(this.options.configFile ? { configFile: this.options.configFile } : {}),
      modes: this.options.entry.modes,
      grants: this.grants,
    };
  }

  protected async judge(
    view: PolicyRequest,
    ctx: GuardContext,
    signal: AbortSignal,
    extra: { toolCallId?: string; optionKinds?: string[]; requestId?: string } = {},
  ): Promise<Verdict> {
    const decision = this.explain(view);
    if (decision.outcome !== "ask")
      return { ...decision, outcome: decision.outcome, decidedBy: "policy" };
    if (this.approvedBefore(view))
      return {
        outcome: "allow",
        ruleId: decision.ruleId,
        reason: "carries out a tool call allowed just before",
        decidedBy: "approval",
      };
    const approver = this.options.approver;
    if (approver) {
      const verdict = await approver.ask(
        {
          sessionId: ctx.sessionId,
          agentId: ctx.agentId,
          request: view,
          decision,
          title: view.title ?? "",
          ...extra,
        },
        signal,
      );
      const scope = verdict.scope === "always" && this.policy.allowAlways ? "always" : "once";
      if (verdict.outcome === "allow" && scope === "always") this.grant(view);
      return { ...verdict, ruleId: verdict.ruleId ?? decision.ruleId, scope };
    }
    const reason = `${decision.reason}; nobody can answer (unattended)`;
    if (this.policy.unattendedAsk === "fail") {
      const error = new AcpgateError(
        "policy_refused",
        `policy '${this.policy.name}' asks (${decision.ruleId}: ${decision.reason}) and nobody can answer: the run fails (unattendedAsk: fail)`,
        { ruleId: decision.ruleId, policy: this.policy.name },
      );
      setImmediate(() => ctx.fail(error));
      return {
        outcome: "reject",
        ruleId: decision.ruleId,
        reason: `${reason}: failing the run`,
        decidedBy: "policy",
      };
    }
    return {
      outcome: "reject",
      ruleId: decision.ruleId,
      reason: `${reason}: rejected`,
      decidedBy: "policy",
    };
  }

  /**
   * Whether a person just approved the permission this fs/terminal call carries out. Only
   * for fs/* and terminal/* (never a later permission request: that is what allow_always
   * is for), and used up by the call.
   */
  private approvedBefore(view: PolicyRequest): boolean {
    if (view.source === "permission") return false;
    const writes = view.kinds.some((k) => k === "edit" || k === "delete" || k === "move");
    const keys =
      view.command !== undefined && !writes
        ? [`execute:${view.command}`]
        : writes && !view.pathsUnknown && view.paths.length
          ? view.paths.map((p) => `edit:${p.real}`)
          : [];
    if (!keys.length || !keys.every((k) => this.approved.has(k))) return false;
    for (const key of keys) this.approved.delete(key);
    return true;
  }

  private grant(view: PolicyRequest): void {
    const toolName = view.toolName ?? view.title;
    if (toolName)
      this.grants.push({ id: `${this.grants.length + 1}`, kinds: view.kinds, toolName });
  }
}

/** An allowed tool call's files and command, for the fs/terminal calls that follow it. */
function approvalKeys(view: PolicyRequest): string[] {
  const keys: string[] = [];
  if (view.command !== undefined) keys.push(`execute:${view.command}`);
  if (view.kinds.some((k) => k === "edit" || k === "delete" || k === "move"))
    for (const p of view.paths) keys.push(`edit:${p.real}`);
  return keys;
}
