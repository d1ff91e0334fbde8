import { spawn, type ChildProcess } from "node:child_process";
import { Readable, Writable } from "node:stream";
import { AcpgateError } from "../util/errors.js";
import { deferred } from "../util/deferred.js";
import { TextRingBuffer } from "../util/ringBuffer.js";
import { Emitter } from "../util/emitter.js";
import { killGroupOnExit } from "../util/exitSweep.js";
import { signalGroup, groupAlive } from "../util/processGroup.js";
import { groupWatchdog } from "../util/groupWatchdog.js";

export interface LaunchSpec {
  command: string;
  args: string[];
  /** The complete environment of the agent: nothing else is inherited. */
  env: Record<string, string>;
  cwd: string;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process could not be started at all (ENOENT, EACCES…). */
  spawnError?: string;
  /** True when acpgate asked it to stop; false for a crash or an unexpected exit. */
  requested: boolean;
  stderrTail: string[];
}

export interface ShutdownOptions {
  /** How long to wait after closing stdin before SIGTERM (default: by `settled`). */
  graceMs?: number;
  /**
   * The session has nothing left for the agent to finish (its turn is over, or it answered
   * session/close): the grace is SETTLED_GRACE_MS rather than DEFAULT_GRACE_MS.
   */
  settled?: boolean;
  /** How long to wait after SIGTERM before SIGKILL. */
  termMs?: number;
}

const STDERR_BYTES = 64 * 1024;

/** Time for an agent to finish what it is doing once its stdin closes. */
export const DEFAULT_GRACE_MS = 1500;
/**
 * The same once nothing is left to finish. Agents that exit on EOF do so well within it
 * (demo, claude-agent-acp 0.101, gemini 0.61: 20–150 ms here); codex-acp 2.6 never exits on
 * EOF, and waiting out the full grace for it made teardown longer than a whole turn.
 */
export const SETTLED_GRACE_MS = 250;

/**
 * One supervised agent process. It runs in its own process group, so that ending it also
 * ends what it spawned (many agent bins are Node wrappers around a native binary).
 */
export class AgentProcess {
  /** The agent's stdout and stdin as Node streams (what stdioChannel frames). */
  readonly output: Readable;
  readonly input: Writable;
  readonly stderr = new TextRingBuffer(STDERR_BYTES);
  readonly stderrLines = new Emitter<string>();
  readonly exited: Promise<ExitInfo>;
  private readonly child: ChildProcess;
  private stopping = false;
  private exitInfo: ExitInfo | undefined;
  private shutdownPromise: Promise<ExitInfo> | undefined;
  private webStdout: ReadableStream<Uint8Array> | undefined;
  private webStdin: WritableStream<Uint8Array> | undefined;

  constructor(readonly spec: LaunchSpec) {
    const done = deferred<ExitInfo>();
    this.exited = done.promise;
    this.child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    // Ended by the watchdog should acpgate die first (kill -9): no sandbox needed for that.
    const pid = this.child.pid;
    if (pid !== undefined) groupWatchdog.watch(pid);
    const unregister = pid !== undefined ? killGroupOnExit(pid) : () => undefined;
    const finish = (info: Omit<ExitInfo, "stderrTail" | "requested">): void => {
      if (this.exitInfo) return;
      this.exitInfo = { ...info, requested: this.stopping, stderrTail: this.stderr.lastLines(20) };
      done.resolve(this.exitInfo);
    };
    this.child.once("error", (error: NodeJS.ErrnoException) => {
      if (this.child.pid === undefined)
        finish({ code: null, signal: null, spawnError: error.message });
    });
    this.child.once("exit", (code, signal) => {
      // Let stderr drain so the tail is complete; 'close' follows once all pipes ended.
      const timer = setTimeout(() => finish({ code, signal }), 200);
      this.child.once("close", () => {
        clearTimeout(timer);
        finish({ code, signal });
      });
    });
    this.child.stdin?.on("error", () => {
      /* EPIPE once the agent is gone: the exit tells the story. */
    });
    this.child.stderr?.setEncoding("utf8");
    let partial = "";
    this.child.stderr?.on("data", (text: string) => {
      this.stderr.push(text);
      if (!this.stderrLines.hasListeners) return;
      const lines = (partial + text).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) this.stderrLines.emit(line);
    });
    void this.exited.then(() => {
      unregister();
      if (pid !== undefined) groupWatchdog.release(pid);
    });
    this.output = this.child.stdout!;
    this.input = this.child.stdin!;
  }

  /** stdout as a web stream, made on first use (it reads from then on; take one or the other). */
  get stdout(): ReadableStream<Uint8Array> {
    return (this.webStdout ??= Readable.toWeb(this.output) as ReadableStream<Uint8Array>);
  }

  get stdin(): WritableStream<Uint8Array> {
    return (this.webStdin ??= Writable.toWeb(this.input) as WritableStream<Uint8Array>);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get hasExited(): boolean {
    return this.exitInfo !== undefined;
  }

  /**
   * Ends the agent in steps: close stdin → SIGTERM to the group → SIGKILL to the group.
   * Whatever the leader did, the group is killed at the end so no grandchild survives.
   */
  shutdown(options: ShutdownOptions = {}): Promise<ExitInfo> {
    const graceMs = options.graceMs ?? (options.settled ? SETTLED_GRACE_MS : DEFAULT_GRACE_MS);
    this.shutdownPromise ??= this.runShutdown(graceMs, options.termMs ?? 2000);
    return this.shutdownPromise;
  }

  /** Immediate SIGKILL of the whole group (the timeout and crash path). */
  kill(): Promise<ExitInfo> {
    this.stopping = true;
    if (this.pid !== undefined) signalGroup(this.pid, "SIGKILL");
    return this.exited;
  }

  private async runShutdown(graceMs: number, termMs: number): Promise<ExitInfo> {
    this.stopping = true;
    const pid = this.pid;
    if (pid === undefined) return this.exited;
    if (!this.hasExited) {
      this.child.stdin?.end();
      if (!(await settlesWithin(this.exited, graceMs))) {
        signalGroup(pid, "SIGTERM");
        if (!(await settlesWithin(this.exited, termMs))) signalGroup(pid, "SIGKILL");
      }
    }
    const info = await this.exited;
    if (groupAlive(pid)) {
      signalGroup(pid, "SIGTERM");
      await waitGroupGone(pid, termMs);
      if (groupAlive(pid)) signalGroup(pid, "SIGKILL");
      await waitGroupGone(pid, termMs);
    }
    return info;
  }
}

/** Describes an exit for people: "exited with code 3", "killed by SIGKILL", and the stderr tail. */
export function describeExit(info: ExitInfo): string {
  if (info.spawnError) return `could not be started: ${info.spawnError}`;
  const how =
    info.signal !== null ? `was killed by ${info.signal}` : `exited with code ${info.code ?? "?"}`;
  return info.stderrTail.length
    ? `${how}; last stderr lines:\n  ${info.stderrTail.slice(-8).join("\n  ")}`
    : how;
}

export function exitError(info: ExitInfo, agentId: string): AcpgateError {
  const code = info.spawnError ? "agent_spawn_failed" : "agent_exited";
  return new AcpgateError(code, `agent '${agentId}' ${describeExit(info)}`, {
    agentId,
    exitCode: info.code,
    signal: info.signal,
    stderrTail: info.stderrTail,
  });
}

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const result = await Promise.race([promise.then(() => true as const), timeout]);
  clearTimeout(timer);
  return result;
}

async function waitGroupGone(pid: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (groupAlive(pid) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
