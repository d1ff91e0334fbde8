import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WATCHDOG_ENV } from "../../src/util/groupWatchdog.js";
import { CLI, FIXTURES } from "./cli.js";
import { tempDir } from "./tempDir.js";

/**
 * A workspace whose `stubborn` agent (fixtures/stubbornAgent.ts) ignores SIGTERM and EOF,
 * keeps a grandchild and runs a stubborn command through terminal/create, which policy
 * `run-stubborn` allows. Every pid involved is written to files in the workspace.
 */
export function stubbornWorkspace(): { dir: string; cleanup(): void } {
  const ws = tempDir();
  writeFileSync(
    join(ws.dir, "acpgate.yaml"),
    [
      "agents:",
      "  stubborn:",
      `    command: ${JSON.stringify(process.execPath)}`,
      `    args: [${JSON.stringify(join(FIXTURES, "stubbornAgent.js"))}]`,
      `    env: { STUBBORN_DIR: ${JSON.stringify(ws.dir)} }`,
      "    fileAccess: client",
      "policies:",
      "  run-stubborn:",
      "    posture: read-only",
      "    allow:",
      '      - { id: stubborn-command, kind: execute, commandRegex: "stubbornCommand" }',
      "",
    ].join("\n"),
  );
  return ws;
}

/** `acpgate ARGS` left running in `cwd`, with what it printed so far. */
export function startAcpgate(
  args: string[],
  cwd: string,
): { child: ChildProcess; pid: number; stdout(): string } {
  const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  child.stdout?.setEncoding("utf8").on("data", (text: string) => (out += text));
  child.stderr?.resume();
  child.stdin?.end();
  if (child.pid === undefined) throw new Error("acpgate did not start");
  return { child, pid: child.pid, stdout: () => out };
}

/** Waits for the stubborn agent and its command to have started; returns all four pids. */
export async function stubbornPids(dir: string, ms = 20_000): Promise<number[]> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const agent = JSON.parse(readFileSync(join(dir, "agent.pids"), "utf8")) as {
        agent: number;
        grandchild: number;
      };
      const command = JSON.parse(readFileSync(join(dir, "command.pids"), "utf8")) as {
        command: number;
        child: number;
      };
      return [agent.agent, agent.grandchild, command.command, command.child];
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Pids of the watchdogs serving acpgate process `pid` (their ACPGATE_WATCHDOG names it). */
export function watchdogsOf(pid: number): number[] {
  const wanted = `${WATCHDOG_ENV}=${pid}`;
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/environ`, "utf8").split("\0").includes(wanted);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Test cleanup: SIGKILL whatever is left of these pids' groups. */
export function killLeftovers(pids: number[]): void {
  for (const pid of pids) {
    for (const target of [-pid, pid]) {
      try {
        process.kill(target, "SIGKILL");
      } catch {
        /* gone */
      }
    }
  }
}
