import { spawn } from "node:child_process";
import { tmpdir } from "node:os";
import { performance } from "node:perf_hooks";
import { Readable, Writable } from "node:stream";
import { client, ndJsonStream, PROTOCOL_VERSION } from "@agentclientprotocol/sdk";
import { agentEnv, RAW_AGENT, type BenchOptions } from "./benchEnv.js";
import { rawManager } from "./rawPlane.js";
import type { Row, TargetResult } from "./report.js";
import { summarise } from "./stats.js";

/** Direct: spawn, SDK client, initialize, session/new. Returns ms to a ready session. */
async function directStartup(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [RAW_AGENT], {
    stdio: ["pipe", "pipe", "inherit"],
    env: agentEnv(),
  });
  const connection = client({ name: "bench-direct" }).connect(
    ndJsonStream(
      Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
      Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
    ),
  );
  await connection.agent.request("initialize", {
    protocolVersion: PROTOCOL_VERSION,
    clientCapabilities: { fs: { readTextFile: true, writeTextFile: false }, terminal: false },
  });
  await connection.agent.request("session/new", { cwd: tmpdir(), mcpServers: [] });
  const elapsed = performance.now() - started;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.stdin.end();
  await exited;
  return elapsed;
}

/**
 * startup: spawn → session ready, a bare SDK client vs SessionManager.create (spawn in a
 * process group, env building, guard, tap, bootstrap), same raw agent, alternating.
 */
export async function startupScenario(
  options: BenchOptions,
): Promise<{ rows: Row[]; targets: TargetResult[]; raw: unknown }> {
  const reps = options.quick ? 6 : 30;
  const manager = rawManager(process.execPath, [RAW_AGENT]);
  const direct: number[] = [];
  const acpgate: number[] = [];
  const viaManager = async (): Promise<number> => {
    const started = performance.now();
    const session = await manager.create({ agentId: "raw", cwd: tmpdir() });
    const elapsed = performance.now() - started;
    await manager.close(session.id);
    return elapsed;
  };
  await directStartup(); // warm-up: module loading and JIT count for neither side
  await viaManager();
  for (let rep = 0; rep < reps; rep++) {
    if (rep % 2 === 0) {
      direct.push(await directStartup());
      acpgate.push(await viaManager());
    } else {
      acpgate.push(await viaManager());
      direct.push(await directStartup());
    }
  }
  await manager.dispose();
  const d = summarise(direct);
  const a = summarise(acpgate);
  const overhead = a.median - d.median;
  return {
    rows: [
      { scenario: "startup", contender: "direct SDK", metric: "ready", unit: "ms", value: d },
      {
        scenario: "startup",
        contender: "acpgate SessionManager",
        metric: "ready",
        unit: "ms",
        value: a,
        ratio: a.median / d.median,
        note: `${overhead >= 0 ? "+" : ""}${overhead.toFixed(1)} ms, ${reps} reps`,
      },
    ],
    targets: [
      {
        scenario: "startup",
        target: "overhead ≤ 20 ms over direct",
        measured: `${overhead.toFixed(1)} ms`,
        pass: overhead <= 20,
      },
    ],
    raw: { reps, direct, acpgate },
  };
}
