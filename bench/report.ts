import type { Summary } from "./stats.js";

/** One printed row: a contender's measurement in a scenario, against the baseline. */
export interface Row {
  scenario: string;
  contender: string;
  metric: string;
  unit: string;
  value?: Summary;
  /** value / baseline median, when the contender is not the baseline. */
  ratio?: number;
  note?: string;
}

/** A target the README states: pass or miss is printed, never relaxed. */
export interface TargetResult {
  scenario: string;
  target: string;
  measured: string;
  pass: boolean | "n/a";
}

const fmt = (n: number): string =>
  Number.isNaN(n) ? "—" : n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);

export function printTable(rows: readonly Row[], targets: readonly TargetResult[]): string {
  const header = ["scenario", "contender", "metric", "median", "spread", "× base", "note"];
  const body = rows.map((r) => [
    r.scenario,
    r.contender,
    `${r.metric} (${r.unit})`,
    r.value ? fmt(r.value.median) : "—",
    r.value ? `±${r.value.spreadPct.toFixed(1)}%` : "",
    // A ratio of two zeros (an agent's CPU below /proc's 10 ms tick) is NaN: null in JSON.
    typeof r.ratio === "number" && Number.isFinite(r.ratio) ? `${r.ratio.toFixed(2)}×` : "",
    r.note ?? "",
  ]);
  const lines = [header, ...body];
  const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  const render = (cells: string[]): string =>
    "| " + cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ") + " |";
  const out = [
    render(header),
    "|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|",
    ...body.map(render),
    "",
    "| target | measured | result |",
    "|---|---|---|",
    ...targets.map(
      (t) =>
        `| ${t.scenario}: ${t.target} | ${t.measured} | ${t.pass === "n/a" ? "n/a" : t.pass ? "PASS" : "MISS"} |`,
    ),
  ];
  return out.join("\n");
}

/** One targets table, a column per runtime: each target judged on each Node. */
export function printTargetsByRuntime(
  runs: readonly { runtime: string; targets: readonly TargetResult[] }[],
): string {
  const keys: string[] = [];
  for (const run of runs) {
    for (const t of run.targets) {
      const key = `${t.scenario}: ${t.target}`;
      if (!keys.includes(key)) keys.push(key);
    }
  }
  const cell = (t: TargetResult | undefined): string =>
    t ? `${t.measured} ${t.pass === "n/a" ? "n/a" : t.pass ? "PASS" : "MISS"}` : "—";
  return [
    `| target | ${runs.map((r) => r.runtime).join(" | ")} |`,
    `|---|${runs.map(() => "---").join("|")}|`,
    ...keys.map(
      (key) =>
        `| ${key} | ${runs
          .map((r) => cell(r.targets.find((t) => `${t.scenario}: ${t.target}` === key)))
          .join(" | ")} |`,
    ),
  ].join("\n");
}
