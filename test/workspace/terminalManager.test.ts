import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { TerminalManager } from "../../src/workspace/terminalManager.js";

const env = { PATH: process.env.PATH ?? "/usr/bin:/bin" };

void test("output is kept within the byte limit, dropped from the beginning, flagged", async () => {
  const terminals = new TerminalManager();
  const id = await terminals.create({
    command: "sh",
    args: ["-c", "printf 'aaaaaaaaaa'; printf 'é%.0s' 1 2 3 4 5; printf 'END'"],
    env,
    cwd: process.cwd(),
    outputByteLimit: 8,
  });
  const exit = await terminals.waitForExit(id);
  assert.equal(exit.exitCode, 0);
  const out = terminals.output(id);
  assert.equal(out.truncated, true);
  assert.ok(Buffer.byteLength(out.output) <= 8);
  assert.ok(out.output.endsWith("END"));
  assert.ok(!out.output.includes("\ufffd"), "cut inside a UTF-8 character");
  await terminals.release(id);
  assert.equal(terminals.has(id), false);
});

void test("kill and release end the whole process group", async () => {
  const terminals = new TerminalManager();
  const id = await terminals.create({
    command: "sh",
    args: ["-c", "sleep 30 & echo $!; wait"],
    env,
    cwd: process.cwd(),
  });
  let grandchild = 0;
  for (let i = 0; i < 200 && !grandchild; i++) {
    grandchild = Number(terminals.output(id).output.trim()) || 0;
    if (!grandchild) await new Promise((r) => setTimeout(r, 20));
  }
  assert.ok(grandchild > 0);
  terminals.kill(id);
  const exit = await terminals.waitForExit(id);
  assert.equal(exit.signal, "SIGKILL");
  assert.ok(await gone(grandchild), `grandchild ${grandchild} survived the kill`);
  assert.equal(terminals.has(id), true, "kill keeps the terminal until release");
  await terminals.release(id);
  await terminals.dispose();
});

void test("a command that cannot start rejects create", async () => {
  const terminals = new TerminalManager();
  await assert.rejects(
    terminals.create({ command: "/nonexistent/acpgate-cmd", args: [], env, cwd: process.cwd() }),
    /ENOENT/,
  );
});

/** True once `pid` no longer runs (gone, or a zombie waiting to be reaped). */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 150; i++) {
    try {
      process.kill(pid, 0);
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (/^\d+ \(.*\) Z/.test(stat)) return true;
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}
