import type {
  CreateTerminalRequest,
  CreateTerminalResponse,
  ReadTextFileRequest,
  ReadTextFileResponse,
  TerminalOutputResponse,
  WaitForTerminalExitResponse,
  WriteTextFileRequest,
} from "@agentclientprotocol/sdk";
import type { PolicyRequest } from "../policy/policyTypes.js";
import { notFound, refusedByPolicy } from "../protocol/wireErrors.js";
import type { WorkspaceRoots } from "../workspace/pathFacts.js";
import type { TerminalManager } from "../workspace/terminalManager.js";
import { readTextSlice, writeTextFileCreatingDirs } from "../workspace/textFiles.js";
import { fsView, terminalView } from "./requestView.js";
import type { GuardContext } from "./sessionGuard.js";

/** A decision after `ask` was resolved (by a person, or by `unattendedAsk`). */
export interface Judgement {
  outcome: "allow" | "reject";
  ruleId: string;
  reason: string;
  decidedBy: string;
  scope?: "once" | "always";
}

export interface GuardedWorkspaceDeps {
  judge(view: PolicyRequest, context: GuardContext, signal?: AbortSignal): Promise<Judgement>;
  roots(): WorkspaceRoots;
  terminals: TerminalManager;
  /** The environment terminals start from (a safelist, never the plane's secrets). */
  terminalEnv: Record<string, string>;
}

/**
 * The client's fs/* and terminal/* methods, each judged by the same decide() as permission
 * requests and acted on at the path that was judged (the resolved real path). Refusals
 * answer -32000 with the rule and the reason, which agents show their model.
 */
export class GuardedWorkspace {
  constructor(private readonly deps: GuardedWorkspaceDeps) {}

  async readTextFile(
    params: ReadTextFileRequest,
    ctx: GuardContext,
  ): Promise<ReadTextFileResponse> {
    const view = fsView("fs_read", params.path, this.deps.roots(), ctx.agentId);
    const verdict = await this.deps.judge(view, ctx);
    const target = view.paths[0];
    const shown = target?.relative ?? params.path;
    if (verdict.outcome !== "allow" || !target) {
      ctx.emit({
        type: "fs_read",
        path: params.path,
        allowed: false,
        reason: verdict.reason,
        ruleId: verdict.ruleId,
      });
      throw refusedByPolicy(`read of ${params.path}: ${verdict.reason}`, {
        path: params.path,
        ruleId: verdict.ruleId,
      });
    }
    try {
      const content = await readTextSlice(target.real, params.line, params.limit);
      ctx.emit({ type: "fs_read", path: shown, allowed: true, ruleId: verdict.ruleId });
      return { content };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT")
        throw notFound(`file not found: ${params.path}`, { path: params.path });
      throw error;
    }
  }

  async writeTextFile(params: WriteTextFileRequest, ctx: GuardContext): Promise<void> {
    const view = fsView("fs_write", params.path, this.deps.roots(), ctx.agentId);
    const verdict = await this.deps.judge(view, ctx);
    const target = view.paths[0];
    const bytes = Buffer.byteLength(params.content, "utf8");
    if (verdict.outcome !== "allow" || !target) {
      ctx.emit({
        type: "fs_write",
        path: params.path,
        allowed: false,
        bytes,
        reason: verdict.reason,
        ruleId: verdict.ruleId,
      });
      throw refusedByPolicy(`write to ${params.path}: ${verdict.reason}`, {
        path: params.path,
        ruleId: verdict.ruleId,
      });
    }
    await writeTextFileCreatingDirs(target.real, params.content);
    ctx.emit({
      type: "fs_write",
      path: target.relative ?? params.path,
      allowed: true,
      bytes,
      ruleId: verdict.ruleId,
    });
  }

  async createTerminal(
    params: CreateTerminalRequest,
    ctx: GuardContext,
  ): Promise<CreateTerminalResponse> {
    const roots = this.deps.roots();
    const view = terminalView(params, roots, ctx.agentId);
    const verdict = await this.deps.judge(view, ctx);
    const base = { type: "terminal" as const, action: "create", command: view.command };
    if (verdict.outcome !== "allow") {
      ctx.emit({ ...base, allowed: false, reason: verdict.reason, ruleId: verdict.ruleId });
      throw refusedByPolicy(`terminal '${view.command ?? params.command}': ${verdict.reason}`, {
        ruleId: verdict.ruleId,
      });
    }
    const env = { ...this.deps.terminalEnv };
    for (const variable of params.env ?? []) env[variable.name] = variable.value;
    const terminalId = await this.deps.terminals.create({
      command: params.command,
      args: params.args ?? [],
      env,
      cwd: view.paths[0]?.real ?? roots.cwd,
      outputByteLimit: params.outputByteLimit ?? null,
    });
    ctx.emit({ ...base, allowed: true, ruleId: verdict.ruleId, terminalId });
    return { terminalId };
  }

  async terminalOutput(terminalId: string): Promise<TerminalOutputResponse> {
    return this.own(terminalId, () => this.deps.terminals.output(terminalId));
  }

  async waitForTerminalExit(
    terminalId: string,
    signal: AbortSignal,
  ): Promise<WaitForTerminalExitResponse> {
    return this.own(terminalId, () => this.deps.terminals.waitForExit(terminalId, signal));
  }

  async killTerminal(terminalId: string, ctx: GuardContext): Promise<void> {
    this.own(terminalId, () => this.deps.terminals.kill(terminalId));
    ctx.emit({ type: "terminal", action: "kill", allowed: true, terminalId });
  }

  async releaseTerminal(terminalId: string, ctx: GuardContext): Promise<void> {
    await this.own(terminalId, () => this.deps.terminals.release(terminalId));
    ctx.emit({ type: "terminal", action: "release", allowed: true, terminalId });
  }

  /** Terminals are per session: an id this session did not create is not found. */
  private own<T>(terminalId: string, act: () => T): T {
    if (!this.deps.terminals.has(terminalId))
      throw notFound(`no such terminal: ${terminalId}`, { terminalId });
    return act();
  }
}
