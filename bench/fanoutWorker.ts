// One fan-out measurement in a fresh process (run with --expose-gc), so that memory deltas
// belong to this mode alone. argv: MODE(direct|acpgate) SESSIONS TICKS INTERVAL_S.
// Prints one JSON line: memory per session and every update's latency.
import { spawn } from "node:child_process";
import { tmpdir } from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { Readable, Writable } from "node:stream";
import { client, ndJsonStream, PROTOCOL_VERSION } from "@agentclientprotocol/sdk";
import { childrenCpuSeconds } from "./childCpu.js";
import { startProfile } from "./profilePhase.js";
import { agentEnv, TICK_AGENT_PL } from "./benchEnv.js";
import { rawManager } from "./rawPlane.js";

const [mode = "acpgate", sessionsArg = "200", ticksArg = "20", intervalArg = "0.05"] =
  process.argv.slice(2);
const sessions = Number(sessionsArg);
const agentArgs = [TICK_AGENT_PL, ticksArg, intervalArg];
const now = (): number => performance.timeOrigin + performance.now();
const gc = (globalThis as { gc?: () => void }).gc ?? ((): void => {});
const memory = (): { heap: number; rss: number } => {
  gc();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed, rss: usage.rss };
};
const stampOf = (update: unknown): number | undefined => {
  const t = (update as { _meta?: { t?: unknown } } | undefined)?._meta?.t;
  return typeof t === "number" ? t : undefined;
};

interface Contender {
  start(): Promise<void>;
  prompt(): Promise<void>;
  close(): Promise<void>;
}

const latencies: number[] = [];
/** Latencies of each agent's first tick: sent while the plane may still be sending prompts. */
const firstTicks: number[] = [];
const tickOf = (update: unknown): string | undefined =>
  (update as { content?: { text?: unknown } } | undefined)?.content?.text as string | undefined;
function record(update: unknown): void {
  const t = stampOf(update);
  if (t === undefined) return;
  latencies.push(now() - t);
  if (tickOf(update) === "t1 ") firstTicks.push(now() - t);
}

function direct(): Contender {
  const child = spawn("perl", agentArgs, { stdio: ["pipe", "pipe", "inherit"], env: agentEnv() });
  const connection = client({ name: "bench-direct" })
    .onNotification("session/update", (cx) => record(cx.params.update))
    .connect(
      ndJsonStream(
        Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
        Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
      ),
    );
  let sessionId = "";
  return {
    start: async () => {
      await connection.agent.request("initialize", {
        protocolVersion: PROTOCOL_VERSION,
        clientCapabilities: {},
      });
      sessionId = (await connection.agent.request("session/new", { cwd: tmpdir(), mcpServers: [] }))
        .sessionId;
    },
    prompt: async () => {
      await connection.agent.request("session/prompt", {
        sessionId,
        prompt: [{ type: "text", text: "go" }],
      });
    },
    close: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.stdin.end();
      await exited;
    },
  };
}

const manager = rawManager("perl", agentArgs);
function viaAcpgate(): Contender {
  const session = manager.prepare({ agentId: "raw", cwd: tmpdir() });
  session.on((event) => {
    if (event.type === "agent_message") {
      record((event.raw as { params?: { update?: unknown } } | undefined)?.params?.update);
    }
  });
  return {
    start: () => session.start(),
    prompt: async () => {
      await session.prompt("go");
    },
    close: () => manager.close(session.id),
  };
}

const before = memory();
const all: Contender[] = [];
for (let i = 0; i < sessions; i++) all.push(mode === "direct" ? direct() : viaAcpgate());
await Promise.all(all.map((c) => c.start()));
const ready = memory();
let peakRss = 0;
let peakHeap = 0;
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  peakRss = Math.max(peakRss, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapUsed);
}, 50);
// How busy the plane's own loop is while streaming: tells plane cost from machine contention.
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
const eluBefore = performance.eventLoopUtilization();
// CPU of the plane (this process) and of the agents while streaming: which of them the two
// cores were busy with, per update.
const cpuBefore = process.cpuUsage();
const agentsBefore = childrenCpuSeconds();
const streamStart = performance.now();
const profiler = await startProfile(process.env.ACPGATE_BENCH_PROFILE);
await Promise.all(all.map((c) => c.prompt()));
await profiler?.stop();
const streamSeconds = (performance.now() - streamStart) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const agentsAfter = childrenCpuSeconds();
const elu = performance.eventLoopUtilization(eluBefore).utilization;
loopDelay.disable();
clearInterval(sampler);
await Promise.all(all.map((c) => c.close()));
await manager.dispose();
const MiB = 1024 * 1024;
// Exit once written: stdout on a pipe is asynchronous, and 1,000 sessions' latencies are
// more than one pipe buffer.
const line =
  JSON.stringify({
    mode,
    sessions,
    readyHeapMiBPerSession: (ready.heap - before.heap) / MiB / sessions,
    readyRssMiBPerSession: (ready.rss - before.rss) / MiB / sessions,
    peakHeapMiBPerSession: (Math.max(peakHeap, ready.heap) - before.heap) / MiB / sessions,
    peakRssMiBPerSession: (Math.max(peakRss, ready.rss) - before.rss) / MiB / sessions,
    loopUtilisation: elu,
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    streamSeconds,
    planeCpuSeconds: (cpu.user + cpu.system) / 1e6,
    agentsCpuSeconds:
      agentsBefore === undefined || agentsAfter === undefined ? null : agentsAfter - agentsBefore,
    latencies,
    firstTicks,
  }) + "\n";
process.stdout.write(line, () => process.exit(0));
