import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SqlAuditStore } from "../../src/audit/sqlAuditStore.js";
import { SqliteDriver } from "../../src/audit/sqliteDriver.js";
import { CLI, FIXTURES } from "../support/cli.js";
import { tempDir } from "../support/tempDir.js";
import { rawRequests } from "../support/rawRequests.js";

const CHUNKS = 5_000;

test(
  "proxy: a long stream of text chunks (runs of them, non-ASCII, escapes, thoughts and tool calls between) reaches the editor byte for byte, and the journal keeps every message",
  { timeout: 60_000 },
  async () => {
    const ws = tempDir();
    const log = join(ws.dir, "flood.log");
    writeFileSync(
      join(ws.dir, "acpgate.yaml"),
      [
        "agents:",
        "  flood:",
        `    command: ${JSON.stringify(process.execPath)}`,
        `    args: [${JSON.stringify(join(FIXTURES, "floodAgent.js"))}]`,
        `    env: { FLOOD_CHUNKS: "${CHUNKS}", FLOOD_VARIED: "1", FLOOD_LOG: ${JSON.stringify(log)} }`,
        "",
      ].join("\n"),
    );
    const child = spawn(process.execPath, [CLI, "proxy", "--agent", "flood"], {
      cwd: ws.dir,
      stdio: ["pipe", "pipe", "pipe"],
    });
    // A stream that never completes fails the test instead of hanging it.
    const killer = setTimeout(() => child.kill("SIGKILL"), 45_000);
    killer.unref();
    child.once("exit", () => clearTimeout(killer));
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const updates: string[] = [];
    let carry = Buffer.alloc(0);
    const { ask, answered } = rawRequests(child.stdin);
    child.stdout.on("data", (bytes: Buffer) => {
      // Split as bytes: a line is compared as the bytes it came in.
      let all = Buffer.concat([carry, bytes]);
      for (let at = all.indexOf(0x0a); at !== -1; at = all.indexOf(0x0a)) {
        const line = all.subarray(0, at).toString("utf8");
        all = all.subarray(at + 1);
        const message = JSON.parse(line) as { id?: unknown; method?: string };
        if (message.method === "session/update") updates.push(line);
        answered(message.id);
      }
      carry = all;
    });
    try {
      await ask(1, "initialize", { protocolVersion: 1, clientCapabilities: {} });
      await ask(2, "session/new", { cwd: ws.dir, mcpServers: [] });
      const exited = new Promise((_, reject) =>
        child.once("exit", () => reject(new Error(`the proxy exited mid-turn\n${stderr}`))),
      );
      exited.catch(() => undefined); // once the turn is answered, its exit is no failure
      await Promise.race([
        ask(3, "session/prompt", { sessionId: "flood-1", prompt: [{ type: "text", text: "go" }] }),
        exited,
      ]);
      const sent = readFileSync(log, "utf8").split("\n").filter(Boolean);
      assert.equal(updates.length, CHUNKS, stderr);
      assert.deepEqual(updates, sent, "every line as the agent wrote it, in order");
    } finally {
      child.stdin.end();
      if (child.exitCode === null && child.signalCode === null)
        await new Promise((resolve) => child.once("exit", resolve));
    }
    const store = await new SqlAuditStore(
      new SqliteDriver(join(ws.dir, ".acpgate", "acpgate.db")),
      "test",
    ).open();
    try {
      const rows = await store.listJournal({ limit: 100_000 });
      const journaled = rows
        .filter((r) => r.direction === "in" && r.method === "session/update")
        .map((r) => r.message);
      assert.deepEqual(journaled, readFileSync(log, "utf8").split("\n").filter(Boolean));
    } finally {
      await store.close();
      ws.cleanup();
    }
  },
);
