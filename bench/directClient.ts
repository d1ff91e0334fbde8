// The baseline: a bare ACP SDK 2.4 client, the least a client can do on the same pipe.
// Spawns the agent given after `--`, runs one prompt, counts session/update notifications,
// prints the streamed answer (as `acpgate run --format quiet` does) and exits.
import { spawn } from "node:child_process";
import { Readable, Writable } from "node:stream";
import { client, ndJsonStream, PROTOCOL_VERSION } from "@agentclientprotocol/sdk";

const separator = process.argv.indexOf("--");
const [command, ...args] = process.argv.slice(separator + 1);
if (separator < 0 || !command) throw new Error("usage: directClient -- COMMAND [ARGS…]");

const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
const stream = ndJsonStream(
  Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
  Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
);
let updates = 0;
const answer: string[] = [];
const app = client({ name: "bench-direct" }).onNotification("session/update", (cx) => {
  updates++;
  const update = cx.params.update;
  if (update.sessionUpdate === "agent_message_chunk" && update.content.type === "text") {
    answer.push(update.content.text);
  }
});
const connection = app.connect(stream);
await connection.agent.request("initialize", {
  protocolVersion: PROTOCOL_VERSION,
  clientCapabilities: {},
});
const created = await connection.agent.request("session/new", {
  cwd: process.cwd(),
  mcpServers: [],
});
const { stopReason } = await connection.agent.request("session/prompt", {
  sessionId: created.sessionId,
  prompt: [{ type: "text", text: "go" }],
});
// Written in full before exiting: stdout on a pipe is asynchronous.
await new Promise((resolve) => process.stdout.write(answer.join("") + "\n", resolve));
process.stderr.write(`direct: ${updates} updates, ${stopReason}\n`);
child.stdin.end();
child.kill();
process.exit(0);
