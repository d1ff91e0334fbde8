import type { SwapReport } from "./swapRehearsal.js";

/** The rehearsal as people read it: outcome table, kind diffs against the baseline, notes. */
export function formatSwapReport(report: SwapReport): string {
  const lines: string[] = [];
  lines.push(`swap rehearsal under policy ${report.policy}`);
  lines.push(`expected outcome: ${report.expected.join(" · ")}`);
  lines.push("");
  const rows = [["agent", "exit", "outcome", "keep.txt", "allowed.txt"]];
  for (const run of report.runs) {
    const same = run.shape.outcome.join("\n") === report.expected.join("\n");
    rows.push([
      run.agentId,
      String(run.exitCode),
      same ? "= expected" : `DIFFERS: ${run.shape.outcome.join(" · ")}`,
      run.files["keep.txt"] === "original\n" ? "unchanged" : "CHANGED",
      run.files["allowed.txt"] === null
        ? "absent"
        : run.files["allowed.txt"] === "draft\n"
          ? "unchanged"
          : "written",
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  for (const row of rows)
    lines.push(
      row
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join("  ")
        .trimEnd(),
    );
  const [baseline] = report.runs;
  if (baseline) {
    lines.push("");
    lines.push(`normalised event kinds of ${baseline.agentId}:`);
    for (const kind of baseline.shape.kinds) lines.push(`    ${kind}`);
    for (const [agentId, diff] of Object.entries(report.diffs)) {
      lines.push("");
      lines.push(
        `${agentId} against ${baseline.agentId} (- only in ${baseline.agentId}, + only in ${agentId}):`,
      );
      for (const line of diff) lines.push(`  ${line}`);
    }
  }
  lines.push("");
  lines.push("notes:");
  for (const run of report.runs)
    lines.push(`  ${run.agentId}: ${run.shape.notes.join("; ") || "-"}`);
  lines.push("");
  lines.push(report.sameOutcome ? "same outcome on every agent" : "OUTCOMES DIFFER");
  return lines.join("\n") + "\n";
}
