import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import assert from "node:assert/strict";
import { WATCHDOG_SCRIPT } from "../../src/util/watchdogScript.js";
import { groupAlive } from "../../src/util/processGroup.js";
import { FIXTURES } from "../support/cli.js";
import { isAlive, waitGone } from "../support/processes.js";
import { killLeftovers } from "../support/stubbornWorkspace.js";

/** A detached process group whose leader ignores SIGTERM (resolved once the handler is in). */
async function stubbornGroup(): Promise<ChildProcess & { pid: number }> {
  const child = spawn(
    process.execPath,
    ["-e", "process.on('SIGTERM', () => {}); console.log('ready'); setInterval(() => {}, 1000)"],
    { stdio: ["ignore", "pipe", "ignore"], detached: true },
  );
  if (child.pid === undefined) throw new Error("not started");
  await new Promise((resolve) => child.stdout?.once("data", resolve));
  return child as ChildProcess & { pid: number };
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

test("the watchdog script ends registered groups on EOF (SIGKILL when SIGTERM is ignored), never forgotten ones", async () => {
  const kept = await stubbornGroup();
  const ended = await stubbornGroup();
  try {
    const watchdog = spawn("/bin/sh", ["-c", WATCHDOG_SCRIPT], {
      stdio: ["pipe", "ignore", "pipe"],
    });
    watchdog.stdin.end(`+${ended.pid}\n+${kept.pid}\n-${kept.pid}\n`);
    const started = Date.now();
    assert.equal(await exited(watchdog), 0);
    await waitGone([ended.pid], 2000);
    assert.ok(Date.now() - started >= 1500, "SIGTERM was ignored: SIGKILL after the term ticks");
    assert.ok(isAlive(kept.pid), "a forgotten group is not signalled");
    assert.ok(groupAlive(kept.pid));
  } finally {
    killLeftovers([kept.pid, ended.pid]);
  }
});

test("with nothing registered the watchdog script exits at once", async () => {
  const watchdog = spawn("/bin/sh", ["-c", WATCHDOG_SCRIPT], { stdio: ["pipe", "ignore", "pipe"] });
  const started = Date.now();
  watchdog.stdin.end("");
  assert.equal(await exited(watchdog), 0);
  assert.ok(Date.now() - started < 1000);
});

async function runHost(
  args: string[],
): Promise<{ group: number; watchdog: number; first: number }> {
  const host = spawn(process.execPath, [join(FIXTURES, "watchdogHost.js"), ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  host.stdout.setEncoding("utf8").on("data", (text: string) => (out += text));
  const timer = setTimeout(() => host.kill("SIGKILL"), 10_000);
  const code = await exited(host);
  clearTimeout(timer);
  assert.equal(code, 0, "the host exits on its own: the watchdog holds nothing of its event loop");
  return JSON.parse(out) as { group: number; watchdog: number; first: number };
}

test("a process with a watched group exits by itself, and the watchdog then ends the group and itself", async () => {
  const { group, watchdog } = await runHost([]);
  try {
    await waitGone([group, watchdog], 5000);
  } finally {
    killLeftovers([group]);
  }
});

test("a watchdog killed from outside is replaced, and the replacement knows every group", async () => {
  const { group, watchdog, first } = await runHost(["restart"]);
  try {
    assert.notEqual(watchdog, first);
    await waitGone([group, watchdog, first], 5000);
  } finally {
    killLeftovers([group]);
  }
});
