import { spawn, type ChildProcess } from "node:child_process";
import { groupAlive } from "./processGroup.js";
import { WATCHDOG_SCRIPT } from "./watchdogScript.js";

/** The environment variable naming the acpgate pid a watchdog serves (find it with `ps e`). */
export const WATCHDOG_ENV = "ACPGATE_WATCHDOG";

const RELEASE_POLL_MS = 250;
const MAX_RESTARTS = 3;

/**
 * Ends the process groups acpgate started when acpgate dies without ending them (`kill -9`,
 * the OOM killer): one tiny `sh` per acpgate process (watchdogScript.ts), started with the
 * first group registered, in its own session so that signals to acpgate's group miss it.
 * Only acpgate holds the write end of its stdin: EOF means acpgate is gone. Neither the
 * process nor the pipe keeps acpgate's event loop alive. A group is forgotten only once it is
 * gone, so the watchdog never signals a group id the system has handed to someone else.
 */
class GroupWatchdog {
  private child: ChildProcess | undefined;
  private unavailable = false;
  private restarts = 0;
  private readonly watched = new Set<number>();
  private readonly releasing = new Set<number>();
  private poller: NodeJS.Timeout | undefined;

  /** The watchdog's pid while it runs (tests, diagnostics). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Registers the process group led by `pgid`: it is ended if acpgate dies first. */
  watch(pgid: number): void {
    if (process.platform === "win32" || this.watched.has(pgid)) return;
    this.watched.add(pgid);
    this.send(`+${pgid}\n`);
  }

  /** The group is no longer acpgate's to end: it is forgotten as soon as it is gone. */
  release(pgid: number): void {
    if (!this.watched.has(pgid)) return;
    if (!groupAlive(pgid)) return this.forget(pgid);
    this.releasing.add(pgid);
    this.poller ??= setInterval(() => this.sweep(), RELEASE_POLL_MS).unref();
  }

  private forget(pgid: number): void {
    this.watched.delete(pgid);
    this.releasing.delete(pgid);
    this.send(`-${pgid}\n`);
  }

  private sweep(): void {
    for (const pgid of this.releasing) if (!groupAlive(pgid)) this.forget(pgid);
    if (this.releasing.size === 0) {
      clearInterval(this.poller);
      this.poller = undefined;
    }
  }

  /** Writes one line; with no watchdog running, starts one, which is told every group. */
  private send(line: string): void {
    if (this.unavailable) return;
    if (this.child) this.child.stdin?.write(line);
    else if (this.watched.size > 0) this.start();
  }

  private start(): void {
    const child = spawn("/bin/sh", ["-c", WATCHDOG_SCRIPT, "acpgate-watchdog"], {
      stdio: ["pipe", "ignore", "ignore"],
      detached: true,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", [WATCHDOG_ENV]: String(process.pid) },
    });
    this.child = child;
    child.once("error", () => {
      // No shell to run it (ENOENT): the in-process exit handlers are all there is.
      if (child.pid === undefined) this.unavailable = true;
      if (this.child === child) this.child = undefined;
    });
    child.once("exit", () => {
      // It only ends on its own once acpgate is gone: anything else was someone killing it.
      if (this.child !== child) return;
      this.child = undefined;
      if (++this.restarts > MAX_RESTARTS) this.unavailable = true;
      else if (this.watched.size > 0) this.start();
    });
    child.stdin?.on("error", () => {
      /* EPIPE: it died; 'exit' starts another */
    });
    // A stdin pipe nobody reads from holds no loop reference; the process handle does.
    child.unref();
    child.stdin?.write([...this.watched].map((pgid) => `+${pgid}\n`).join(""));
  }
}

/** The one watchdog of this acpgate process. */
export const groupWatchdog = new GroupWatchdog();
