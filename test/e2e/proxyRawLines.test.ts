import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLI, FIXTURES } from "../support/cli.js";
import { tempDir } from "../support/tempDir.js";
import { ODD_LINES } from "../fixtures/rawLines.js";
import { rawRequests } from "../support/rawRequests.js";

/** The proxy's stdout, cut at LF, as bytes: what an editor would read. */
function byteLines(bytes: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, start)) {
    lines.push(bytes.subarray(start, at));
    start = at + 1;
  }
  return lines;
}

test("proxy: an agent's session/update lines reach the editor byte for byte (whitespace, escapes, number forms, unknown fields)", async () => {
  const ws = tempDir();
  writeFileSync(
    join(ws.dir, "acpgate.yaml"),
    `agents:\n  raw:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(join(FIXTURES, "rawLineAgent.js"))}]\n`,
  );
  const child = spawn(process.execPath, [CLI, "proxy", "--agent", "raw"], {
    cwd: ws.dir,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const chunks: Buffer[] = [];
  const { ask, answered } = rawRequests(child.stdin);
  child.stdout.on("data", (chunk: Buffer) => {
    chunks.push(chunk);
    for (const line of byteLines(Buffer.concat(chunks))) {
      const id = (JSON.parse(line.toString("utf8")) as { id?: unknown }).id;
      answered(id);
    }
  });
  try {
    await ask(1, "initialize", { protocolVersion: 1, clientCapabilities: {} });
    await ask(2, "session/new", { cwd: ws.dir, mcpServers: [] });
    await ask(3, "session/prompt", {
      sessionId: "raw-lines-1",
      prompt: [{ type: "text", text: "go" }],
    });
    const lines = byteLines(Buffer.concat(chunks));
    const turnEnd = lines.findIndex((l) => /"id":3\b/.test(l.toString("utf8")));
    for (const odd of ODD_LINES) {
      const at = lines.findIndex((l) => l.equals(Buffer.from(odd, "utf8")));
      assert.ok(at >= 0, `not forwarded byte for byte: ${odd}\n${stderr}`);
      assert.ok(at < turnEnd, "an update reaches the editor before the turn's answer");
    }
  } finally {
    child.stdin.end();
    await new Promise((resolve) => child.once("exit", resolve));
    ws.cleanup();
  }
});
