// A raw ACP agent for benchmarks: no SDK, no validation, pre-serialised lines. It answers
// initialize, session/new and session/prompt, and does what its flags say during a prompt, so
// that the client side — not the agent — is what a benchmark measures.
//
//   --chunks N        stream N agent_message_chunk updates as fast as the pipe takes them
//   --ticks N         send N chunks, one every --interval MS, each stamped with the send time
//                     (performance.timeOrigin + performance.now(), in _meta.t) for latency
//   --permissions N   ask N session/request_permission in turn, timing each round trip
//   --report FILE     write {roundTripsMs: [...]} there at the end of the turn
//   --linger          stay when stdin closes, until SIGTERM (as codex-acp 2.6 does)
import { writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    chunks: { type: "string", default: "0" },
    ticks: { type: "string", default: "0" },
    interval: { type: "string", default: "20" },
    permissions: { type: "string", default: "0" },
    report: { type: "string" },
    linger: { type: "boolean", default: false },
  },
});
const chunks = Number(values.chunks);
const ticks = Number(values.ticks);
const intervalMs = Number(values.interval);
const permissions = Number(values.permissions);
const SESSION = "raw-1";

const now = (): number => performance.timeOrigin + performance.now();
const line = (message: unknown): string => JSON.stringify(message) + "\n";

/** The stream, serialised once before any prompt: 64 KiB buffers of whole lines. */
function preSerialise(count: number): Buffer[] {
  const one = line({
    jsonrpc: "2.0",
    method: "session/update",
    params: {
      sessionId: SESSION,
      update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "tok " } },
    },
  });
  const perBuffer = Math.max(1, Math.floor(65536 / one.length));
  const full = Buffer.from(one.repeat(perBuffer));
  const out: Buffer[] = [];
  for (let left = count; left > 0; left -= perBuffer) {
    out.push(left >= perBuffer ? full : Buffer.from(one.repeat(left)));
  }
  return out;
}
const streamBuffers = preSerialise(chunks);

function write(data: string | Buffer): Promise<void> {
  return process.stdout.write(data)
    ? Promise.resolve()
    : new Promise((resolve) => process.stdout.once("drain", () => resolve()));
}

let nextId = 1_000_000;
const waiting = new Map<number, (message: unknown) => void>();
function ask(method: string, params: unknown): Promise<unknown> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    void write(line({ jsonrpc: "2.0", id, method, params }));
  });
}

async function turn(id: unknown): Promise<void> {
  for (const buffer of streamBuffers) await write(buffer);
  for (let i = 0; i < ticks; i++) {
    await write(
      line({
        jsonrpc: "2.0",
        method: "session/update",
        params: {
          sessionId: SESSION,
          update: {
            sessionUpdate: "agent_message_chunk",
            content: { type: "text", text: `t${i} ` },
            _meta: { t: now() },
          },
        },
      }),
    );
    if (i + 1 < ticks) await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const roundTripsMs: number[] = [];
  for (let i = 0; i < permissions; i++) {
    const started = now();
    await ask("session/request_permission", {
      sessionId: SESSION,
      toolCall: { toolCallId: `call_${i}`, title: `edit file ${i}`, kind: "edit" },
      options: [
        { optionId: "allow", name: "Allow", kind: "allow_once" },
        { optionId: "reject", name: "Reject", kind: "reject_once" },
      ],
    });
    roundTripsMs.push(now() - started);
  }
  if (values.report) writeFileSync(values.report, JSON.stringify({ roundTripsMs }));
  await write(line({ jsonrpc: "2.0", id, result: { stopReason: "end_turn" } }));
}

function onMessage(message: { id?: unknown; method?: string; result?: unknown }): void {
  if (message.method === undefined) {
    const resolve = typeof message.id === "number" ? waiting.get(message.id) : undefined;
    if (resolve) {
      waiting.delete(message.id as number);
      resolve(message);
    }
    return;
  }
  if (message.id === undefined) return;
  const id = message.id;
  switch (message.method) {
    case "initialize":
      void write(
        line({
          jsonrpc: "2.0",
          id,
          result: { protocolVersion: 1, agentCapabilities: {}, authMethods: [] },
        }),
      );
      return;
    case "session/new":
      void write(line({ jsonrpc: "2.0", id, result: { sessionId: SESSION } }));
      return;
    case "session/prompt":
      void turn(id);
      return;
    default:
      void write(
        line({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } }),
      );
  }
}

let partial = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (text: string) => {
  const lines = (partial + text).split("\n");
  partial = lines.pop() ?? "";
  for (const raw of lines) if (raw.trim()) onMessage(JSON.parse(raw) as never);
});
process.stdin.on("end", () => {
  if (values.linger) setInterval(() => {}, 60_000);
  else process.exit(0);
});
