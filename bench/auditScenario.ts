import { closeSync, fdatasyncSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { AuditRecordInput } from "../src/audit/auditRecord.js";
import { createAuditStore } from "../src/audit/openAuditStore.js";
import { sqliteThread } from "./decisionGuards.js";
import type { BenchOptions } from "./benchEnv.js";
import type { Row, TargetResult } from "./report.js";
import { percentile, summarise } from "./stats.js";

const MODES = ["full", "normal"] as const;
const TARGET_PER_S = 10_000;

/** A permission_decided record as the AuditingGuard writes it (the common case). */
function record(writer: number, i: number): AuditRecordInput {
  return {
    sessionId: `ses_bench${String(writer).padStart(4, "0")}`,
    agentId: "raw",
    surface: "cli",
    actor: "policy",
    kind: "permission_decided",
    requestId: `perm_bench_${i}`,
    tool: {
      toolCallId: `call_${i}`,
      title: `edit file ${i}`,
      kind: "edit",
      paths: [`src/f${i}.ts`],
    },
    decision: { outcome: "reject", ruleId: "read-only.edit", reason: "read-only: no edits" },
  };
}

/**
 * `writers` concurrent appenders (sessions), each awaiting its append before the next, as
 * record-before-respond does: what group commit batches is what arrives while a commit is
 * in flight. Returns records per second over the whole run.
 */
async function sustained(
  synchronous: (typeof MODES)[number],
  writers: number,
  perWriter: number,
): Promise<{ perSecond: number; batches: number }> {
  const dir = mkdtempSync(join(tmpdir(), "acpgate-bench-store-"));
  const store = createAuditStore({ sqlite: join(dir, "audit.db"), synchronous }, dir, {
    thread: sqliteThread(),
  });
  try {
    await store.open();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; i < perWriter; i++) await store.append(record(w, i));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return { perSecond: (writers * perWriter) / seconds, batches: store.stats.batches };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The floor of a durable commit on this disk: write 4 KiB + fdatasync, p50 in ms, in the
 * temp dir the stores use. synchronous FULL pays one per commit on the answer's path.
 */
function syncLatencyMs(samples: number): number {
  const dir = mkdtempSync(join(tmpdir(), "acpgate-bench-fsync-"));
  const fd = openSync(join(dir, "probe"), "w");
  const page = Buffer.alloc(4096, 1);
  const times: number[] = [];
  try {
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      writeSync(fd, page);
      fdatasyncSync(fd);
      times.push(performance.now() - started);
    }
  } finally {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
  return percentile(times, 50);
}

/** audit: sustained append throughput of the SQLite store, both synchronous modes. */
export async function auditScenario(
  options: BenchOptions,
): Promise<{ rows: Row[]; targets: TargetResult[]; raw: unknown }> {
  const writers = 64;
  const perWriter = options.quick ? 100 : 400;
  const reps = options.quick ? 2 : 5;
  const samples: Record<string, number[]> = { full: [], normal: [] };
  const batches: Record<string, number[]> = { full: [], normal: [] };
  await sustained("normal", writers, 20); // warm-up
  for (let rep = 0; rep < reps; rep++) {
    for (const mode of rep % 2 ? [...MODES].reverse() : MODES) {
      const result = await sustained(mode, writers, perWriter);
      samples[mode]!.push(result.perSecond);
      batches[mode]!.push(result.batches);
    }
  }
  const fsyncP50 = syncLatencyMs(options.quick ? 100 : 300);
  const rows: Row[] = [
    {
      scenario: "audit",
      contender: "disk: write 4 KiB + fdatasync",
      metric: "p50",
      unit: "ms",
      value: summarise([fsyncP50]),
      note: "floor of one durable (FULL) commit",
    },
  ];
  const targets: TargetResult[] = [];
  for (const mode of MODES) {
    const value = summarise(samples[mode]!);
    rows.push({
      scenario: "audit",
      contender: `SQLite append, synchronous ${mode.toUpperCase()}`,
      metric: `records/s (${writers} writers)`,
      unit: "1/s",
      value,
      note: `${Math.round(summarise(batches[mode]!).median)} commits for ${writers * perWriter} records`,
    });
    targets.push({
      scenario: "audit",
      target: `SQLite ${mode.toUpperCase()}: ≥ ${TARGET_PER_S.toLocaleString("en")} records/s sustained`,
      measured: `${Math.round(value.median).toLocaleString("en")} records/s`,
      pass: value.median >= TARGET_PER_S,
    });
  }
  return { rows, targets, raw: { writers, perWriter, reps, samples, batches, fsyncP50 } };
}
