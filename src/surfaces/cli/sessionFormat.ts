import type { SessionRow } from "../../audit/auditStore.js";

/** Version tag of `acpgate sessions list|show --json` lines. Fields are only ever added. */
export const SESSION_SCHEMA = "acpgate.session.v1";

/** One JSON line: the recorded row, tagged (fields the row lacks are absent). */
export function sessionJson(row: SessionRow, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ schema: SESSION_SCHEMA, ...row, ...extra });
}

const COLUMNS: [string, (r: SessionRow) => string | undefined][] = [
  ["id", (r) => r.id],
  ["name", (r) => r.name],
  ["agent", (r) => r.agentId],
  ["state", (r) => r.state],
  ["turns", (r) => (r.turns === undefined ? undefined : String(r.turns))],
  ["stop", (r) => r.stopReason],
  ["policy", (r) => r.policy],
  ["mode", (r) => r.mode],
  ["created", (r) => r.createdAt],
];

/** `sessions list`: a header and one aligned row per session ("-" for what is not recorded). */
export function sessionTable(rows: SessionRow[]): string {
  const cells = [
    COLUMNS.map(([title]) => title),
    ...rows.map((r) => COLUMNS.map(([, get]) => get(r) ?? "-")),
  ];
  const widths = COLUMNS.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? "").length)));
  return (
    cells
      .map((row) =>
        row
          .map((cell, i) => cell.padEnd(widths[i] ?? 0))
          .join("  ")
          .trimEnd(),
      )
      .join("\n") + "\n"
  );
}

/** `sessions show`: every recorded field, one a line, then what `run --resume` would continue. */
export function sessionDetail(row: SessionRow, continues: SessionRow | undefined): string {
  const lines: [string, string | undefined][] = [
    ["id", row.id],
    ["name", row.name],
    ["agent", row.agentId],
    ["agent session", row.agentSessionId],
    ["cwd", row.cwd],
    ["state", row.state],
    ["policy", row.policy],
    ["environment", row.environment],
    ["mode", row.mode],
    ["turns", row.turns === undefined ? undefined : String(row.turns)],
    ["stop reason", row.stopReason],
    ["surface", row.surface],
    ["actor", row.actor],
    ["created", row.createdAt],
    ["ended", row.endedAt],
    ["resumed from", row.resumedFrom],
    [
      "--resume",
      continues
        ? continues.id === row.id
          ? "continues this run"
          : `continues ${continues.id}, the newest run of this agent session that sent a prompt`
        : "cannot continue it (no run of its agent session sent a prompt)",
    ],
  ];
  return (
    lines
      .filter((l): l is [string, string] => l[1] !== undefined)
      .map(([k, v]) => `${k.padEnd(15)}${v}`)
      .join("\n") + "\n"
  );
}
