import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import { client, ndJsonStream, PROTOCOL_VERSION } from "@agentclientprotocol/sdk";
import { agentEnv, RAW_AGENT, type BenchOptions } from "./benchEnv.js";
import { GUARD_VARIANTS, type GuardVariant } from "./decisionGuards.js";
import { rawManager } from "./rawPlane.js";
import type { Row, TargetResult } from "./report.js";
import { percentile, summarise } from "./stats.js";

/** Round trips as timed by the agent: request_permission sent → answer read. */
function readReport(file: string): number[] {
  return (JSON.parse(readFileSync(file, "utf8")) as { roundTripsMs: number[] }).roundTripsMs;
}

/** Baseline: a bare SDK client that answers every permission request at once (reject). */
async function direct(count: number, report: string): Promise<number[]> {
  const child = spawn(
    process.execPath,
    [RAW_AGENT, "--permissions", String(count), "--report", report],
    { stdio: ["pipe", "pipe", "inherit"], env: agentEnv() },
  );
  const connection = client({ name: "bench-direct" })
    .onRequest("session/request_permission", () => ({
      outcome: { outcome: "selected" as const, optionId: "reject" },
    }))
    .connect(
      ndJsonStream(
        Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
        Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
      ),
    );
  await connection.agent.request("initialize", {
    protocolVersion: PROTOCOL_VERSION,
    clientCapabilities: {},
  });
  const { sessionId } = await connection.agent.request("session/new", {
    cwd: tmpdir(),
    mcpServers: [],
  });
  await connection.agent.request("session/prompt", {
    sessionId,
    prompt: [{ type: "text", text: "go" }],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.stdin.end();
  await exited;
  return readReport(report);
}

async function viaAcpgate(variant: GuardVariant, count: number, report: string): Promise<number[]> {
  const manager = rawManager(
    process.execPath,
    [RAW_AGENT, "--permissions", String(count), "--report", report],
    () => variant.make(),
  );
  const session = await manager.create({ agentId: "raw", cwd: tmpdir() });
  session.on(() => {}); // a subscriber, as every surface has: events are built in full
  await session.prompt("go");
  if (session.stats.permissionsRejected !== count) {
    throw new Error(`decision: ${session.stats.permissionsRejected} of ${count} decided`);
  }
  await manager.dispose();
  return readReport(report);
}

/**
 * decision: permission round trips through acpgate's guard vs a bare client answering at
 * once. Added latency = p50(acpgate) − p50(direct), same agent, alternating.
 */
export async function decisionScenario(
  options: BenchOptions,
): Promise<{ rows: Row[]; targets: TargetResult[]; raw: unknown }> {
  const count = options.quick ? 300 : 2000;
  const reps = options.quick ? 1 : 3;
  const dir = mkdtempSync(join(tmpdir(), "acpgate-bench-decision-"));
  const report = join(dir, "report.json");
  const samples: Record<string, number[][]> = { direct: [] };
  for (const variant of GUARD_VARIANTS) samples[variant.name] = [];
  const runAll = async (keep: boolean, reverse: boolean): Promise<void> => {
    const steps: [string, () => Promise<number[]>][] = [
      ["direct", () => direct(count, report)],
      ...GUARD_VARIANTS.map((v): [string, () => Promise<number[]>] => [
        v.name,
        () => viaAcpgate(v, count, report),
      ]),
    ];
    for (const [name, step] of reverse ? steps.reverse() : steps) {
      const rts = await step();
      if (keep) samples[name]!.push(rts);
    }
  };
  await runAll(false, false); // warm-up: the SDK paths both sides share get compiled first
  for (let rep = 0; rep < reps; rep++) await runAll(true, rep % 2 === 1);
  rmSync(dir, { recursive: true, force: true });
  for (const variant of GUARD_VARIANTS) await variant.close?.();
  const p50 = (name: string): number =>
    summarise(samples[name]!.map((rts) => percentile(rts, 50))).median;
  const rows: Row[] = [];
  const targets: TargetResult[] = [];
  for (const name of Object.keys(samples)) {
    const isBase = name === "direct";
    const contender = isBase ? "direct SDK" : `acpgate ${name}`;
    const rate = summarise(
      samples[name]!.map((rts) => 1000 / (rts.reduce((a, b) => a + b, 0) / rts.length)),
    );
    const lat = summarise(samples[name]!.map((rts) => percentile(rts, 50)));
    const added = lat.median - p50("direct");
    rows.push(
      {
        scenario: "decision",
        contender,
        metric: "round trips/s",
        unit: "1/s",
        value: rate,
        ...(isBase
          ? {}
          : {
              ratio:
                rate.median /
                summarise(
                  samples.direct!.map(
                    (rts) => 1000 / (rts.reduce((a, b) => a + b, 0) / rts.length),
                  ),
                ).median,
            }),
      },
      {
        scenario: "decision",
        contender,
        metric: "round trip p50",
        unit: "ms",
        value: lat,
        ...(isBase
          ? {}
          : { ratio: lat.median / p50("direct"), note: `+${added.toFixed(3)} ms added` }),
      },
    );
  }
  const audited = GUARD_VARIANTS.filter((v) => v.audited);
  for (const variant of GUARD_VARIANTS) {
    const added = p50(variant.name) - p50("direct");
    targets.push({
      scenario: "decision",
      target: `${variant.name}: ≤ 2 ms added at p50${variant.audited ? "" : " (policy only)"}`,
      measured: `${added.toFixed(3)} ms`,
      pass: added <= 2,
    });
  }
  if (audited.length === 0) {
    targets.push({
      scenario: "decision",
      target: "decision + audit ≤ 2 ms added at p50",
      measured: "audit not merged yet",
      pass: "n/a",
    });
  }
  return {
    rows,
    targets,
    raw: {
      count,
      reps,
      p50: Object.fromEntries(Object.keys(samples).map((name) => [name, p50(name)])),
    },
  };
}
