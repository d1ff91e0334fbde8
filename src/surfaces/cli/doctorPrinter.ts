import { policyLine, probeWriteLine } from "./doctorLines.js";
import type { DoctorReport } from "./doctorReport.js";

const mark = (value: boolean): string => (value ? "✓" : "✗");
const flags = (record: Record<string, boolean>): string =>
  Object.entries(record)
    .map(([name, value]) => `${name} ${mark(value)}`)
    .join("  ");

/** Dotted paths of the `true` leaves of a capabilities object: `fs.readTextFile`, … */
export function truePaths(value: unknown, prefix = ""): string[] {
  if (value === true) return [prefix];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    truePaths(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** The matrix of one agent, one aspect a line. */
export function formatDoctorReport(report: DoctorReport): string {
  const agent = [report.agent.name, report.agent.version].filter(Boolean).join(" ");
  const modes = report.modes.available
    .map((id) => (id === report.modes.current ? `${id}*` : id))
    .join(", ");
  const rows: [string, string][] = [
    ["agent", `${report.agentId}${agent ? ` (${agent})` : ""}`],
    ["status", report.ok ? "ok" : `FAILED at ${report.error?.step ?? "start"}`],
    ["protocol", String(report.protocolVersion ?? "-")],
    ["session", flags(report.session)],
    ["prompt", flags(report.prompt)],
    ["mcp", flags(report.mcp)],
    ["modes", modes ? `${modes} (via ${report.modes.via})` : "none"],
    ["agent's mode", `${report.modes.agentDefault ?? "none reported"} (its own, at session/new)`],
    ["policy", policyLine(report)],
    ["enforcement", report.enforcement ?? "-"],
    [
      "config options",
      report.configOptions
        .map((o) => `${o.id}=${o.current ?? "-"} [${o.values.length} values]`)
        .join("; ") || "none",
    ],
    [
      "auth methods",
      report.authMethods.map((m) => (m.type ? `${m.id} (${m.type})` : m.id)).join(", ") || "none",
    ],
    [
      "auth",
      report.auth.method
        ? `${report.auth.method}: ${report.auth.ok ? "ok" : "failed"}`
        : "not configured",
    ],
    ["client caps", truePaths(report.clientCapabilities.advertised).join(", ") || "none"],
    ["client calls", report.clientCapabilities.used.join(", ") || "none during the probe"],
    [
      "timings",
      report.timings
        .map(
          (t) =>
            `${t.step} ${t.ms} ms${t.method ? ` (${t.method})` : ""}${t.ok ? "" : " (failed)"}`,
        )
        .join(" · ") || "-",
    ],
    ["process", report.processGone ? "gone after close" : "STILL RUNNING after close"],
  ];
  if (report.probeWrite) rows.push(["probe write", probeWriteLine(report.probeWrite)]);
  if (report.error) rows.push(["error", `${report.error.code}: ${report.error.message}`]);
  return rows.map(([k, v]) => `${k.padEnd(15)}${v}`).join("\n") + "\n";
}

const COLUMNS: [string, (r: DoctorReport) => string][] = [
  ["agent", (r) => r.agentId],
  ["ok", (r) => mark(r.ok)],
  ["version", (r) => r.agent.version ?? "-"],
  ["proto", (r) => String(r.protocolVersion ?? "-")],
  ["load", (r) => mark(r.session.load)],
  ["resume", (r) => mark(r.session.resume)],
  ["list", (r) => mark(r.session.list)],
  ["close", (r) => mark(r.session.close)],
  ["fork", (r) => mark(r.session.fork)],
  ["image", (r) => mark(r.prompt.image)],
  ["audio", (r) => mark(r.prompt.audio)],
  ["ctx", (r) => mark(r.prompt.embeddedContext)],
  [
    "mcp",
    (r) => ["stdio", r.mcp.http ? "http" : "", r.mcp.sse ? "sse" : ""].filter(Boolean).join("+"),
  ],
  ["modes", (r) => String(r.modes.available.length)],
  ["auth", (r) => r.authMethods.map((m) => m.id).join(",") || "-"],
  [
    "start ms",
    // Up to a ready session: the probe's turn and close are not start-up.
    (r) =>
      String(
        r.timings
          .filter((t) => t.step !== "close" && t.step !== "prompt")
          .reduce((a, t) => a + t.ms, 0),
      ),
  ],
];

const WRITE_COLUMN: [string, (r: DoctorReport) => string] = [
  "write",
  (r) => (r.probeWrite?.held === true ? "held" : r.probeWrite?.held === false ? "NOT HELD" : "-"),
];

/** `--all`: one row per agent (a `write` column when writes were probed). */
export function formatDoctorTable(reports: DoctorReport[]): string {
  const columns = reports.some((r) => r.probeWrite) ? [...COLUMNS, WRITE_COLUMN] : COLUMNS;
  const cells = [
    columns.map(([title]) => title),
    ...reports.map((r) => columns.map(([, get]) => get(r))),
  ];
  const widths = columns.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? "").length)));
  const lines = cells.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd(),
  );
  const failures = reports
    .filter((r) => r.error)
    .map((r) => `${r.agentId}: ${r.error?.message ?? ""}`);
  return [...lines, ...failures.map((f) => `! ${f}`)].join("\n") + "\n";
}
