// sse: event latency through `acpgate serve`, from the agent writing an update to an SSE
// client receiving it. The server is a real `acpgate serve` process (audit on, SQLite); N
// sessions of the tick agent are created, subscribed and prompted over HTTP from this process.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { TICK_AGENT_PL, type BenchOptions } from "./benchEnv.js";
import type { Row, TargetResult } from "./report.js";
import { percentile, summarise } from "./stats.js";
import { startServe } from "./startServe.js";

const now = (): number => performance.timeOrigin + performance.now();

export async function follow(body: ReadableStream<Uint8Array>, latencies: number[]): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const received = now();
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (!data) continue;
      const event = JSON.parse(data) as {
        type: string;
        raw?: { params?: { update?: { _meta?: { t?: number } } } };
      };
      const t = event.raw?.params?.update?._meta?.t;
      if (event.type === "agent_message" && typeof t === "number") latencies.push(received - t);
      if (event.type === "turn_ended") {
        await reader.cancel();
        return;
      }
    }
  }
}

async function once(sessions: number, ticks: number, interval: string): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), "acpgate-bench-sse-"));
  writeFileSync(
    join(dir, "acpgate.yaml"),
    `agents:\n  tick:\n    command: perl\n    args: [${JSON.stringify(TICK_AGENT_PL)}, "${ticks}", "${interval}"]\n`,
  );
  const server = await startServe(dir);
  const headers = { authorization: `Bearer ${server.token}`, "content-type": "application/json" };
  const latencies: number[] = [];
  try {
    const ids = await Promise.all(
      Array.from({ length: sessions }, async () => {
        const response = await fetch(`${server.url}/api/agent-sessions`, {
          method: "POST",
          headers,
          body: JSON.stringify({ agent: "tick", cwd: dir }),
        });
        if (response.status !== 201)
          throw new Error(`create: ${response.status} ${await response.text()}`);
        return ((await response.json()) as { id: string }).id;
      }),
    );
    const streams = await Promise.all(
      ids.map(async (id) => {
        const response = await fetch(`${server.url}/api/agent-sessions/${id}/events`, { headers });
        if (!response.body) throw new Error("no event stream");
        // Wrapped: returning the promise itself would wait for the whole stream here.
        return { done: follow(response.body, latencies) };
      }),
    );
    await Promise.all(
      ids.map((id) =>
        fetch(`${server.url}/api/agent-sessions/${id}/prompt`, {
          method: "POST",
          headers,
          body: JSON.stringify({ prompt: "go" }),
        }),
      ),
    );
    await Promise.all(streams.map((s) => s.done));
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (latencies.length !== sessions * ticks)
    throw new Error(`sse: ${latencies.length} stamped updates received, want ${sessions * ticks}`);
  return latencies;
}

export async function sseLatencyScenario(
  options: BenchOptions,
): Promise<{ rows: Row[]; targets: TargetResult[]; raw: unknown }> {
  if (spawnSync("perl", ["-e", "1"]).status !== 0)
    return {
      rows: [
        { scenario: "sse", contender: "acpgate serve", metric: "-", unit: "-", note: "no perl" },
      ],
      targets: [],
      raw: {},
    };
  const sessions = options.quick ? 20 : 100;
  const ticks = options.quick ? 10 : 20;
  const reps = options.quick ? 1 : 3;
  const p50: number[] = [];
  const p99: number[] = [];
  for (let rep = 0; rep < reps; rep++) {
    const latencies = await once(sessions, ticks, "0.1");
    p50.push(percentile(latencies, 50));
    p99.push(percentile(latencies, 99));
  }
  const note = `${sessions} sessions × ${ticks} updates, agent write → SSE client`;
  return {
    rows: [
      {
        scenario: "sse",
        contender: "acpgate serve",
        metric: "event latency p50",
        unit: "ms",
        value: summarise(p50),
        note,
      },
      {
        scenario: "sse",
        contender: "acpgate serve",
        metric: "event latency p99",
        unit: "ms",
        value: summarise(p99),
        note,
      },
    ],
    targets: [],
    raw: { sessions, ticks, p50, p99 },
  };
}
