import type { DoctorReport, ProbeWriteReport } from "./doctorReport.js";

/** The policy and what it did to the agent's mode. */
export function policyLine(report: DoctorReport): string {
  const { name, posture, mode, switched } = report.policy;
  const what =
    report.modes.via === "none"
      ? "the agent offers no modes"
      : mode === null
        ? `no offered mode is mapped to ${posture} or below`
        : switched
          ? `sets mode ${mode}`
          : mode === report.modes.agentDefault
            ? `keeps mode ${mode}`
            : `sets mode ${mode} (not done: the probe failed first)`;
  return `${name} (${posture}): ${what}`;
}

/** Whether the read-only mode held against a request to create a file, and who refused. */
export function probeWriteLine(probe: ProbeWriteReport): string {
  const where = `in mode ${probe.mode ?? "(none)"}`;
  if (probe.held === null) return `not run: the probe failed before its turn ended (${where})`;
  if (!probe.held) return `NOT HELD: the agent created ${probe.file} ${where}`;
  const who =
    probe.refusedBy === "policy"
      ? "refused by acpgate's policy (a permission request or fs/write_text_file answered no)"
      : probe.refusedBy === "mode"
        ? "refused by the agent's own mode (it tried; acpgate refused nothing)"
        : "the agent did not try to write";
  return `held ${where}: no file after the turn; ${who}`;
}
