import type { DoctorReport } from "../api/types.js";

const yes = (v: boolean): string => (v ? "yes" : "no");

/** The matrix `acpgate agents doctor` prints, as a table. */
export function CapabilityMatrix({ report }: { report: DoctorReport }) {
  const rows: [string, string][] = [
    ["probe", report.ok ? "ok" : `failed${report.error ? `: ${report.error.message}` : ""}`],
    ["agent", [report.agent.name, report.agent.version].filter(Boolean).join(" ") || "—"],
    ["protocol", String(report.protocolVersion ?? "—")],
    ["session/load", yes(report.session.load)],
    ["session/resume", yes(report.session.resume)],
    ["session/list", yes(report.session.list)],
    ["session/close", yes(report.session.close)],
    ["session/fork", yes(report.session.fork)],
    ["prompt: image", yes(report.prompt.image)],
    ["prompt: audio", yes(report.prompt.audio)],
    ["prompt: embedded context", yes(report.prompt.embeddedContext)],
    ["MCP: http", yes(report.mcp.http)],
    ["MCP: sse", yes(report.mcp.sse)],
    ["modes", `${report.modes.available.join(", ") || "none"} (via ${report.modes.via})`],
    ["mode for " + report.policy.name, report.policy.mode ?? "none fits"],
    ["enforcement", report.enforcement ?? "—"],
    ["auth methods", report.authMethods.map((m) => m.id).join(", ") || "none"],
    ["process gone after close", yes(report.processGone)],
  ];
  return (
    <table className="table matrix" aria-label={`capabilities of ${report.agentId}`}>
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
