// replicas: cross-replica event latency. Two `acpgate serve` replicas on one PostgreSQL (a
// throwaway cluster from scripts/pg-test-server.mjs, or ACPGATE_BENCH_PG_URL), N sessions of
// the tick agent spread over both; each session has one SSE client on the replica that runs
// it (the owner's in-memory log) and one on the other replica (the agent's write → the owner →
// session_events → NOTIFY → the other replica → its client). Each repetition first runs the
// same load on one replica (both clients on it): the single-replica figure of the same run.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { REPO_ROOT, TICK_AGENT_PL, type BenchOptions } from "./benchEnv.js";
import type { Row, TargetResult } from "./report.js";
import { follow } from "./sseLatencyScenario.js";
import { percentile, summarise } from "./stats.js";
import { startServe, type Served } from "./startServe.js";

const PG_SCRIPT = join(REPO_ROOT, "scripts/pg-test-server.mjs");

/** A PostgreSQL to run on, and how to give it back. */
async function postgres(): Promise<{ url: string; stop: () => void }> {
  const given = process.env.ACPGATE_BENCH_PG_URL;
  const started = given
    ? undefined
    : (JSON.parse(
        execFileSync(process.execPath, [PG_SCRIPT, "start"], { encoding: "utf8" })
          .trim()
          .split("\n")
          .pop() ?? "{}",
      ) as { url: string; dir: string });
  const base = given ?? started!.url;
  const name = `acpgate_bench_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    stop: () => {
      if (started) execFileSync(process.execPath, [PG_SCRIPT, "stop", started.dir]);
    },
  };
}

async function once(
  url: string,
  sessions: number,
  ticks: number,
  count: 1 | 2,
): Promise<{ local: number[]; cross: number[] }> {
  const dir = mkdtempSync(join(tmpdir(), "acpgate-bench-replicas-"));
  writeFileSync(
    join(dir, "acpgate.yaml"),
    `storage: { postgres: ${JSON.stringify(url)} }\n` +
      `agents:\n  tick:\n    command: perl\n    args: [${JSON.stringify(TICK_AGENT_PL)}, "${ticks}", "0.1"]\n`,
  );
  const replicas = [await startServe(dir, ["--replica-id", "bench-a"])];
  if (count === 2) replicas.push(await startServe(dir, ["--replica-id", "bench-b"]));
  const local: number[] = [];
  const cross: number[] = [];
  const call = (r: Served, path: string, init: RequestInit = {}) =>
    fetch(`${r.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${r.token}`, "content-type": "application/json" },
    });
  try {
    const placed = await Promise.all(
      Array.from({ length: sessions }, async (_, i) => {
        const owner = replicas[i % count]!;
        const response = await call(owner, "/api/agent-sessions", {
          method: "POST",
          body: JSON.stringify({ agent: "tick", cwd: dir }),
        });
        if (response.status !== 201)
          throw new Error(`create: ${response.status} ${await response.text()}`);
        return {
          id: ((await response.json()) as { id: string }).id,
          owner,
          other: replicas[(i + 1) % count]!,
        };
      }),
    );
    const streams = await Promise.all(
      placed.flatMap(({ id, owner, other }) =>
        [
          [owner, local],
          [other, cross],
        ].map(async ([replica, into]) => {
          const response = await call(replica as Served, `/api/agent-sessions/${id}/events`);
          if (!response.body) throw new Error("no event stream");
          return { done: follow(response.body, into as number[]) };
        }),
      ),
    );
    await Promise.all(
      placed.map(({ id, owner }) =>
        call(owner, `/api/agent-sessions/${id}/prompt`, {
          method: "POST",
          body: JSON.stringify({ prompt: "go" }),
        }),
      ),
    );
    await Promise.all(streams.map((s) => s.done));
  } finally {
    await Promise.all(replicas.map((r) => r.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
  // One replica: both clients read the owner's log (the "cross" one is a second local one).
  for (const [what, got] of [
    ["same-replica", local],
    ["second", cross],
  ] as const)
    if (got.length !== sessions * ticks)
      throw new Error(`replicas: ${got.length} ${what} updates received, want ${sessions * ticks}`);
  return { local, cross };
}

export async function replicasScenario(
  options: BenchOptions,
): Promise<{ rows: Row[]; targets: TargetResult[]; raw: unknown }> {
  const skip = (note: string) => ({
    rows: [{ scenario: "replicas", contender: "acpgate serve ×2", metric: "-", unit: "-", note }],
    targets: [],
    raw: {},
  });
  if (spawnSync("perl", ["-e", "1"]).status !== 0) return skip("no perl");
  let db: { url: string; stop: () => void };
  try {
    db = await postgres();
  } catch (error) {
    return skip(`no PostgreSQL: ${String(error).split("\n")[0]}`);
  }
  const sessions = 50;
  const ticks = options.quick ? 10 : 20;
  const reps = options.quick ? 1 : 3;
  const blank = () => ({ p50: [] as number[], p99: [] as number[] });
  const figures = { one: blank(), local: blank(), cross: blank() };
  const add = (into: { p50: number[]; p99: number[] }, latencies: number[]) => {
    into.p50.push(percentile(latencies, 50));
    into.p99.push(percentile(latencies, 99));
  };
  try {
    for (let rep = 0; rep < reps; rep++) {
      const single = await once(db.url, sessions, ticks, 1);
      add(figures.one, [...single.local, ...single.cross]);
      const two = await once(db.url, sessions, ticks, 2);
      add(figures.local, two.local);
      add(figures.cross, two.cross);
    }
  } finally {
    db.stop();
  }
  const note = `${sessions} sessions × ${ticks} updates, 2 SSE clients each, agent write → SSE client`;
  const rows: Row[] = [];
  for (const [key, contender] of [
    ["one", "one replica (all on it)"],
    ["local", "2 replicas: owner's SSE"],
    ["cross", "2 replicas: other's SSE"],
  ] as const)
    for (const p of ["p50", "p99"] as const)
      rows.push({
        scenario: "replicas",
        contender,
        metric: `event latency ${p}`,
        unit: "ms",
        value: summarise(figures[key][p]),
        note,
      });
  return { rows, targets: [], raw: { sessions, ticks, ...figures } };
}
