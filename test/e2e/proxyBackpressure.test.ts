import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { CLI, FIXTURES } from "../support/cli.js";
import { tempDir } from "../support/tempDir.js";
import { rawRequests } from "../support/rawRequests.js";

const CHUNKS = 20_000; // ~2.6 MB of updates: far more than the pipes and buffers between hold

test("proxy: an editor that stops reading holds the agent's output (the agent blocks, the proxy buffers nothing), and every update arrives once it reads again", async () => {
  const ws = tempDir();
  const done = join(ws.dir, "flood-done");
  writeFileSync(
    join(ws.dir, "acpgate.yaml"),
    [
      "agents:",
      "  flood:",
      `    command: ${JSON.stringify(process.execPath)}`,
      `    args: [${JSON.stringify(join(FIXTURES, "floodAgent.js"))}]`,
      `    env: { FLOOD_CHUNKS: "${CHUNKS}", FLOOD_DONE: ${JSON.stringify(done)} }`,
      "",
    ].join("\n"),
  );
  const child = spawn(process.execPath, [CLI, "proxy", "--agent", "flood"], {
    cwd: ws.dir,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  let updates = 0;
  let carry = "";
  const { ask, answered } = rawRequests(child.stdin);
  child.stdout.setEncoding("utf8").on("data", (text: string) => {
    const lines = (carry + text).split("\n");
    carry = lines.pop() ?? "";
    for (const l of lines) {
      const message = JSON.parse(l) as { id?: unknown; method?: string };
      if (message.method === "session/update") updates++;
      answered(message.id);
    }
  });
  try {
    await ask(1, "initialize", { protocolVersion: 1, clientCapabilities: {} });
    await ask(2, "session/new", { cwd: ws.dir, mcpServers: [] });
    child.stdout.pause(); // the editor is busy: it reads nothing for a while
    const turn = ask(3, "session/prompt", {
      sessionId: "flood-1",
      prompt: [{ type: "text", text: "go" }],
    });
    await sleep(1500);
    assert.equal(
      existsSync(done),
      false,
      `the agent wrote its whole stream while the editor read nothing: the proxy buffered it\n${stderr}`,
    );
    child.stdout.resume();
    await turn;
    assert.equal(updates, CHUNKS);
    assert.ok(existsSync(done));
  } finally {
    child.stdin.end();
    await new Promise((resolve) => child.once("exit", resolve));
    ws.cleanup();
  }
});
