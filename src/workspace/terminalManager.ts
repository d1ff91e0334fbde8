import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { killGroupOnExit } from "../util/exitSweep.js";
import { groupWatchdog } from "../util/groupWatchdog.js";
import { signalGroup } from "../util/processGroup.js";
import { OutputBuffer } from "./outputBuffer.js";

export interface TerminalSpec {
  command: string;
  args: readonly string[];
  /** The complete environment: nothing else is inherited. */
  env: Record<string, string>;
  cwd: string;
  outputByteLimit?: number | null;
}

/** A command as it is spawned (the shape of an agent's LaunchSpec). */
export interface CommandLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

export interface TerminalExit {
  exitCode: number | null;
  signal: string | null;
}

interface Terminal {
  child: ChildProcess;
  output: OutputBuffer;
  exit: Promise<TerminalExit>;
  exitStatus: TerminalExit | undefined;
}

/** Output kept when the agent names no limit: bounded all the same. */
const DEFAULT_LIMIT = 1024 * 1024;
const MAX_LIMIT = 16 * 1024 * 1024;

/**
 * The terminals of one session (ACP terminal/*). Each command runs in its own process group,
 * so kill and release end whatever it started too. Output is kept within the byte limit the
 * agent asked for, dropped from the beginning.
 */
export class TerminalManager {
  private readonly terminals = new Map<string, Terminal>();

  /** `confine`: puts each command in the agent's sandbox (the same mounts, its own namespace). */
  constructor(private readonly confine?: (launch: CommandLaunch) => CommandLaunch) {}

  /** Starts the command; rejects when it cannot be started at all (ENOENT, EACCES). */
  async create(spec: TerminalSpec): Promise<string> {
    const limit = Math.min(Math.max(0, spec.outputByteLimit ?? DEFAULT_LIMIT), MAX_LIMIT);
    const plain = { command: spec.command, args: [...spec.args], env: spec.env, cwd: spec.cwd };
    const launch = this.confine ? this.confine(plain) : plain;
    const child = spawn(launch.command, launch.args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    // Ended by the watchdog should acpgate die first, with whatever the command started.
    if (child.pid !== undefined) groupWatchdog.watch(child.pid);
    // Commands still running are killed if the plane itself exits.
    const unregister = child.pid !== undefined ? killGroupOnExit(child.pid) : () => undefined;
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", resolve);
      child.once("error", reject);
    });
    const output = new OutputBuffer(limit);
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    const id = `term_${randomUUID()}`;
    const terminal: Terminal = {
      child,
      output,
      exitStatus: undefined,
      exit: new Promise((resolve) => {
        // 'exit' gives the status; output is complete at 'close', which a background
        // grandchild holding the pipe can delay forever: wait for it briefly.
        child.once("exit", (code, signal) => {
          const done = (): void => {
            if (terminal.exitStatus) return;
            terminal.exitStatus = { exitCode: code, signal };
            unregister();
            if (child.pid !== undefined) groupWatchdog.release(child.pid);
            resolve(terminal.exitStatus);
          };
          const timer = setTimeout(done, 250);
          child.once("close", () => {
            clearTimeout(timer);
            done();
          });
        });
      }),
    };
    this.terminals.set(id, terminal);
    return id;
  }

  has(id: string): boolean {
    return this.terminals.has(id);
  }

  output(id: string): { output: string; truncated: boolean; exitStatus: TerminalExit | null } {
    const t = this.get(id);
    return {
      output: t.output.text(),
      truncated: t.output.truncated,
      exitStatus: t.exitStatus ?? null,
    };
  }

  async waitForExit(id: string, signal?: AbortSignal): Promise<TerminalExit> {
    const t = this.get(id);
    if (!signal) return t.exit;
    return Promise.race([
      t.exit,
      new Promise<never>((_, reject) => {
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      }),
    ]);
  }

  /** Kills the command's process group; the terminal stays until released. */
  kill(id: string): void {
    const t = this.get(id);
    if (t.exitStatus === undefined) killGroup(t.child);
  }

  /** Kills the process group if still running and forgets the terminal. */
  async release(id: string): Promise<void> {
    const t = this.get(id);
    if (t.exitStatus === undefined) killGroup(t.child);
    this.terminals.delete(id);
    await t.exit;
  }

  async dispose(): Promise<void> {
    await Promise.all([...this.terminals.keys()].map((id) => this.release(id)));
  }

  private get(id: string): Terminal {
    const t = this.terminals.get(id);
    if (!t) throw Object.assign(new Error(`no terminal '${id}'`), { code: "ENOTERMINAL" });
    return t;
  }
}

function killGroup(child: ChildProcess): void {
  if (child.pid !== undefined) signalGroup(child.pid, "SIGKILL");
}
