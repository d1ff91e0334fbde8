import { RequestError } from "@agentclientprotocol/sdk";
import type { PolicyRequest, Verdict } from "../policy/policyTypes.js";
import type {
  ClientMethods,
  ClientParams,
  ClientResult,
  WorkspaceMethod,
} from "../protocol/clientMethods.js";
import { refusedByPolicy } from "../protocol/refusedByPolicy.js";
import type { GuardContext } from "../sessions/sessionGuard.js";
import type { WorkspaceRoots } from "../workspace/pathFacts.js";
import type { TerminalManager } from "../workspace/terminalManager.js";
import { readTextSlice, writeTextFileCreatingDirs } from "../workspace/textFiles.js";
import type { ClientTerminals } from "./clientTerminals.js";
import { fsView, terminalView } from "./requestView.js";

type Served<M extends WorkspaceMethod> = Promise<ClientResult<M>>;

/**
 * Who holds the files when it is not the disk: an editor serves reads and writes (it has the
 * unsaved buffers). Called only after policy allowed the call, with the judged real path.
 */
export interface ClientFiles {
  read?(params: ClientParams<"fs/read_text_file">): Promise<string>;
  write?(params: ClientParams<"fs/write_text_file">): Promise<void>;
}

/**
 * The client's fs/* and terminal/* methods, each judged by the same decide() as permission
 * requests and acted on at the path that was judged (the resolved real path). Refusals
 * answer -32000 with the rule and the reason, which agents show their model. Subclasses say
 * how a view is judged and where paths resolve.
 */
export abstract class GuardedWorkspace implements ClientMethods<GuardContext, WorkspaceMethod> {
  /** Terminals the client runs (ids it minted), with the session they belong to. */
  private readonly delegated = new Map<string, string>();

  constructor(
    protected readonly terminals: TerminalManager,
    /** The environment terminals start from (a safelist, never the plane's secrets). */
    private readonly terminalEnv: Record<string, string>,
    /** Serves allowed reads and writes instead of the disk (an editor's buffers). */
    private readonly files: ClientFiles = {},
    /** Runs allowed terminals instead of acpgate (an editor that offers `terminal`). */
    private readonly clientTerminals?: ClientTerminals,
  ) {}

  abstract workspaceRoots(): WorkspaceRoots;
  protected abstract judge(
    view: PolicyRequest,
    ctx: GuardContext,
    signal: AbortSignal,
  ): Promise<Verdict>;

  async "fs/read_text_file"(
    params: ClientParams<"fs/read_text_file">,
    ctx: GuardContext,
    signal: AbortSignal,
  ): Served<"fs/read_text_file"> {
    const view = fsView("fs_read", params.path, this.workspaceRoots(), ctx.agentId);
    const verdict = await this.judge(view, ctx, signal);
    const target = view.paths[0];
    if (verdict.outcome !== "allow" || !target) {
      ctx.emit({
        type: "fs_read",
        path: params.path,
        allowed: false,
        reason: verdict.reason,
        ruleId: verdict.ruleId,
      });
      throw refusedByPolicy(saying(`read of ${params.path}`, verdict.reason), {
        path: params.path,
        ruleId: verdict.ruleId,
      });
    }
    try {
      const content = this.files.read
        ? await this.files.read({ ...params, path: target.real })
        : await readTextSlice(target.real, params.line, params.limit);
      ctx.emit({
        type: "fs_read",
        path: target.relative ?? params.path,
        allowed: true,
        ruleId: verdict.ruleId,
      });
      return { content };
    } catch (error) {
      // The SDK's wording: gemini-cli turns "Resource not found" into ENOENT (new files work).
      if ((error as NodeJS.ErrnoException).code === "ENOENT")
        throw RequestError.resourceNotFound(params.path);
      throw error;
    }
  }

  async "fs/write_text_file"(
    params: ClientParams<"fs/write_text_file">,
    ctx: GuardContext,
    signal: AbortSignal,
  ): Served<"fs/write_text_file"> {
    const view = fsView("fs_write", params.path, this.workspaceRoots(), ctx.agentId);
    const verdict = await this.judge(view, ctx, signal);
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
      throw refusedByPolicy(saying(`write to ${params.path}`, verdict.reason), {
        path: params.path,
        ruleId: verdict.ruleId,
      });
    }
    if (this.files.write) await this.files.write({ ...params, path: target.real });
    else await writeTextFileCreatingDirs(target.real, params.content);
    ctx.emit({
      type: "fs_write",
      path: target.relative ?? params.path,
      allowed: true,
      bytes,
      ruleId: verdict.ruleId,
    });
    return {};
  }

  async "terminal/create"(
    params: ClientParams<"terminal/create">,
    ctx: GuardContext,
    signal: AbortSignal,
  ): Served<"terminal/create"> {
    const roots = this.workspaceRoots();
    const view = terminalView(params, roots, ctx.agentId);
    const verdict = await this.judge(view, ctx, signal);
    const base = { type: "terminal" as const, action: "create", command: view.command };
    if (verdict.outcome !== "allow") {
      ctx.emit({ ...base, allowed: false, reason: verdict.reason, ruleId: verdict.ruleId });
      throw refusedByPolicy(`terminal '${view.command ?? params.command}': ${verdict.reason}`, {
        ruleId: verdict.ruleId,
      });
    }
    const cwd = view.paths[0]?.real ?? roots.cwd;
    if (this.clientTerminals) {
      const { terminalId } = await this.clientTerminals.create({ ...params, cwd });
      this.delegated.set(terminalId, params.sessionId);
      ctx.emit({ ...base, allowed: true, ruleId: verdict.ruleId, terminalId });
      return { terminalId };
    }
    const env = { ...this.terminalEnv };
    for (const variable of params.env ?? []) env[variable.name] = variable.value;
    const terminalId = await this.terminals.create({
      command: params.command,
      args: params.args ?? [],
      env,
      cwd,
      outputByteLimit: params.outputByteLimit ?? null,
    });
    ctx.emit({ ...base, allowed: true, ruleId: verdict.ruleId, terminalId });
    return { terminalId };
  }

  async "terminal/output"(params: ClientParams<"terminal/output">): Served<"terminal/output"> {
    if (this.delegated.has(params.terminalId)) return this.clientTerminals!.output(params);
    return this.own(params.terminalId, () => this.terminals.output(params.terminalId));
  }

  async "terminal/wait_for_exit"(
    params: ClientParams<"terminal/wait_for_exit">,
    _ctx: GuardContext,
    signal: AbortSignal,
  ): Served<"terminal/wait_for_exit"> {
    if (this.delegated.has(params.terminalId))
      return this.clientTerminals!.waitForExit(params, signal);
    return this.own(params.terminalId, () => this.terminals.waitForExit(params.terminalId, signal));
  }

  async "terminal/kill"(
    params: ClientParams<"terminal/kill">,
    ctx: GuardContext,
  ): Served<"terminal/kill"> {
    if (this.delegated.has(params.terminalId)) await this.clientTerminals!.kill(params);
    else this.own(params.terminalId, () => this.terminals.kill(params.terminalId));
    ctx.emit({ type: "terminal", action: "kill", allowed: true, terminalId: params.terminalId });
    return {};
  }

  async "terminal/release"(
    params: ClientParams<"terminal/release">,
    ctx: GuardContext,
  ): Served<"terminal/release"> {
    if (this.delegated.delete(params.terminalId)) await this.clientTerminals!.release(params);
    else await this.own(params.terminalId, () => this.terminals.release(params.terminalId));
    ctx.emit({ type: "terminal", action: "release", allowed: true, terminalId: params.terminalId });
    return {};
  }

  /** Ends what the session left running: acpgate's terminals, and the client's released. */
  protected async releaseTerminals(): Promise<void> {
    const left = [...this.delegated];
    this.delegated.clear();
    const client = this.clientTerminals;
    if (client)
      await Promise.all(
        left.map(([terminalId, sessionId]) =>
          client.release({ terminalId, sessionId }).catch(() => undefined),
        ),
      );
    await this.terminals.dispose();
  }

  /** Terminals are per session: an id this session did not create is not found. */
  private own<T>(terminalId: string, act: () => T): T {
    if (!this.terminals.has(terminalId)) throw RequestError.resourceNotFound(terminalId);
    return act();
  }
}

/** The refusal the agent reads: the request, then why — the request once, when the reason already names it. */
function saying(request: string, reason: string): string {
  return reason.startsWith(request) ? reason : `${request}: ${reason}`;
}
