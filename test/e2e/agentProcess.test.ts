import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { AgentProcess } from "../../src/agents/agentProcess.js";
import { FIXTURES } from "../support/cli.js";
import { isAlive, waitGone } from "../support/processes.js";
import { recordedPids } from "../support/scriptedPids.js";
import { tempDir } from "../support/tempDir.js";

async function startScripted(
  scenario: string,
  dir: string,
): Promise<{ agent: AgentProcess; pids: number[] }> {
  const pidsFile = join(dir, `${scenario}.pids`);
  const agent = new AgentProcess({
    command: process.execPath,
    args: [join(FIXTURES, "scriptedAgent.js"), scenario],
    env: { PATH: process.env.PATH ?? "", SCRIPTED_PIDS_FILE: pidsFile },
    cwd: dir,
  });
  for (let i = 0; i < 200; i++) {
    if (existsSync(pidsFile)) return { agent, pids: recordedPids(pidsFile) };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the scripted agent never wrote its pids");
}

test("normal shutdown closes stdin, the agent exits, and its grandchild is gone too", async () => {
  const ws = tempDir();
  try {
    const { agent, pids } = await startScripted("normal", ws.dir);
    assert.ok(pids.every(isAlive));
    const info = await agent.shutdown({ graceMs: 2000, termMs: 2000 });
    assert.equal(info.code, 0);
    assert.equal(info.requested, true);
    await waitGone(pids);
  } finally {
    ws.cleanup();
  }
});

test("an agent that ignores stdin close and SIGTERM is SIGKILLed with its group", async () => {
  const ws = tempDir();
  try {
    const { agent, pids } = await startScripted("ignore-term", ws.dir);
    const info = await agent.shutdown({ graceMs: 200, termMs: 300 });
    assert.equal(info.signal, "SIGKILL");
    await waitGone(pids);
  } finally {
    ws.cleanup();
  }
});

test("kill() ends the group at once", async () => {
  const ws = tempDir();
  try {
    const { agent, pids } = await startScripted("hang", ws.dir);
    const info = await agent.kill();
    assert.equal(info.signal, "SIGKILL");
    await waitGone(pids);
  } finally {
    ws.cleanup();
  }
});

test("an unexpected exit reports code, requested=false and the stderr tail", async () => {
  const ws = tempDir();
  try {
    const agent = new AgentProcess({
      command: process.execPath,
      args: [join(FIXTURES, "scriptedAgent.js"), "exit-before-init"],
      env: {},
      cwd: ws.dir,
    });
    const info = await agent.exited;
    assert.equal(info.code, 2);
    assert.equal(info.requested, false);
    assert.match(info.stderrTail.join("\n"), /missing configuration/);
  } finally {
    ws.cleanup();
  }
});

test("the agent gets exactly the environment it is given", async () => {
  const ws = tempDir();
  try {
    const agent = new AgentProcess({
      command: process.execPath,
      args: ["-e", "process.stderr.write(Object.keys(process.env).sort().join(','))"],
      env: { ONLY_THIS: "1" },
      cwd: ws.dir,
    });
    const info = await agent.exited;
    assert.equal(info.code, 0);
    assert.deepEqual(agent.stderr.text().split(","), ["ONLY_THIS"]);
  } finally {
    ws.cleanup();
  }
});
