import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { probeBwrap } from "../src/agents/sandbox/bwrapProbe.js";
import { ACPGATE_CLI, RAW_AGENT, type BenchOptions } from "./benchEnv.js";
import type { Row, TargetResult } from "./report.js";
import { runMeasured, type Measured } from "./runMeasured.js";
import { runtimeNodeArgs } from "./runtimes.js";
import { summarise } from "./stats.js";

/**
 * sandbox: what the OS sandbox adds to `acpgate run`, against the same run unsandboxed in the
 * same bench run (`ACPGATE_SANDBOX=required` vs `off`), alternating: a one-shot run (one
 * chunk: spawn, initialize, session/new, a turn, exit) for the start-up, and a stream of N
 * chunks for the per-update cost. Workspace-write, so the protected paths are bound too.
 */
export async function sandboxScenario(
  options: BenchOptions,
): Promise<{ rows: Row[]; targets: TargetResult[]; raw: unknown }> {
  const probe = probeBwrap(process.env.ACPGATE_BWRAP || "bwrap");
  if (!probe.ok) {
    const note = `bubblewrap unavailable: ${probe.reason}`;
    return {
      rows: [
        {
          scenario: "sandbox",
          contender: "acpgate run, sandboxed",
          metric: "wall",
          unit: "ms",
          note,
        },
      ],
      targets: [{ scenario: "sandbox", target: "measured", measured: note, pass: "n/a" }],
      raw: { unavailable: probe.reason },
    };
  }
  const oneShotReps = options.quick ? 6 : 20;
  const streamReps = options.quick ? 2 : 5;
  const chunks = options.quick ? 20_000 : 100_000;
  const results: { metric: string; off: Measured[]; on: Measured[]; note: string }[] = [];
  for (const [metric, count, reps] of [
    ["one-shot", 1, oneShotReps],
    ["stream", chunks, streamReps],
  ] as const) {
    const dir = workspace(count);
    const off: Measured[] = [];
    const on: Measured[] = [];
    for (let rep = 0; rep < reps; rep++) {
      const order = rep % 2 === 0 ? (["off", "required"] as const) : (["required", "off"] as const);
      for (const setting of order) {
        const measured = await runMeasured(
          process.execPath,
          [
            ...runtimeNodeArgs(),
            ACPGATE_CLI,
            "run",
            "--agent",
            "raw",
            "--policy",
            "workspace-write",
            "--format",
            "quiet",
            "go",
          ],
          { cwd: dir, env: { ACPGATE_SANDBOX: setting } },
        );
        if (measured.exitCode !== 0 || measured.stdoutBytes !== count * 4 + 1)
          throw new Error(
            `sandbox ${metric} (${setting}) exited ${measured.exitCode}: ${measured.stderr}`,
          );
        (setting === "off" ? off : on).push(measured);
      }
    }
    results.push({
      metric,
      off,
      on,
      note: metric === "stream" ? `${chunks} chunks, ${reps} reps` : `${reps} reps`,
    });
  }
  const rows: Row[] = [];
  const ratios: Record<string, number> = {};
  const added: Record<string, number> = {};
  for (const { metric, off, on, note } of results) {
    const base = summarise(off.map((m) => m.wallMs));
    const sandboxed = summarise(on.map((m) => m.wallMs));
    ratios[metric] = sandboxed.median / base.median;
    added[metric] = sandboxed.median - base.median;
    rows.push(
      {
        scenario: "sandbox",
        contender: "acpgate run, no sandbox",
        metric,
        unit: "ms",
        value: base,
        note,
      },
      {
        scenario: "sandbox",
        contender: "acpgate run, sandboxed",
        metric,
        unit: "ms",
        value: sandboxed,
        ratio: ratios[metric],
        note: `${added[metric] >= 0 ? "+" : ""}${added[metric].toFixed(1)} ms`,
      },
    );
  }
  return {
    rows,
    targets: [
      {
        scenario: "sandbox",
        target: "start-up added ≤ 50 ms (one-shot)",
        measured: `${added["one-shot"]!.toFixed(1)} ms (${ratios["one-shot"]!.toFixed(2)}×)`,
        pass: added["one-shot"]! <= 50,
      },
      {
        scenario: "sandbox",
        target: "stream ≤ 1.05× unsandboxed (wall)",
        measured: `${ratios.stream!.toFixed(2)}×`,
        pass: ratios.stream! <= 1.05,
      },
    ],
    raw: Object.fromEntries(results.map((r) => [r.metric, { off: r.off, on: r.on }])),
  };
}

/** A workspace with `.git/` (bound read-only in the sandbox) and the raw agent configured. */
function workspace(chunks: number): string {
  const dir = mkdtempSync(join(tmpdir(), "acpgate-bench-sandbox-"));
  const args = [RAW_AGENT, "--chunks", String(chunks)];
  writeFileSync(
    join(dir, "acpgate.yaml"),
    `agents:\n  raw:\n    command: ${JSON.stringify(process.execPath)}\n    args: ${JSON.stringify(args)}\n    fileAccess: client\n`,
  );
  return dir;
}
