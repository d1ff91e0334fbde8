import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runDoctor } from "./doctor.js";
import type { DoctorReport } from "./doctorReport.js";
import { WriteProbe } from "./doctorProbeWrite.js";
import { parseDuration } from "../../util/duration.js";
import { AcpgateError } from "../../util/errors.js";
import { createPlane, type Plane } from "../plane.js";
import type { AGENTS_DOCTOR_FLAGS } from "./agentsSpecs.js";
import type { CommandInput, FlagValues } from "./commandSpec.js";
import { formatDoctorReport, formatDoctorTable } from "./doctorPrinter.js";
import { EXIT } from "./exitCodes.js";
import { availability } from "../../agents/availability.js";
import type { Catalogue } from "../../agents/catalogue.js";

type DoctorFlags = FlagValues<typeof AGENTS_DOCTOR_FLAGS>;

const PROBE_TIMEOUT = "3m";

/**
 * `--all` probes the agents acpgate.yaml or a registry names, and the built-ins installed
 * here. A built-in that is not installed is skipped, said on stderr: probing it would mean
 * npx downloading it, or a binary that is not there (`agents doctor ID` still probes it).
 */
function probedByAll(catalogue: Catalogue, err: NodeJS.WritableStream): string[] {
  const skipped: string[] = [];
  const ids = catalogue.ids().filter((id) => {
    const item = catalogue.item(id);
    if (item.sources.some((s) => s !== "builtin")) return true;
    const here = availability(
      item.entry,
      item.facts?.install ? { install: item.facts.install } : {},
    );
    if (here.how === "installed" || here.how === "path") return true;
    skipped.push(id);
    return false;
  });
  if (skipped.length) err.write(`acpgate: not installed here, not probed: ${skipped.join(", ")}\n`);
  return ids;
}

export async function doctorCommand({
  values,
  positionals,
  out,
}: CommandInput<typeof AGENTS_DOCTOR_FLAGS>): Promise<number> {
  if (Boolean(values.all) === positionals.length > 0 || positionals.length > 1)
    throw new AcpgateError(
      "usage",
      "give one agent ID or --all\nSee 'acpgate agents doctor --help'.",
    );
  if (values["probe-write"] && values.cwd !== undefined)
    throw new AcpgateError("usage", "--probe-write runs in a throwaway workspace: drop --cwd");
  if (values.timeout !== undefined && !values["probe-write"])
    throw new AcpgateError("usage", "--timeout limits the turn of --probe-write: give both");
  const timeoutMs = parseDuration(values.timeout ?? PROBE_TIMEOUT, "--timeout");
  const plane = createPlane({
    configFile: values.config,
    cwd: process.cwd(),
    audit: false,
    ...(values.policy !== undefined ? { policy: values.policy } : {}),
  });
  const reports: DoctorReport[] = [];
  try {
    if (values["probe-write"] && plane.policy.posture !== "read-only")
      throw new AcpgateError(
        "usage",
        `--probe-write checks the mode acpgate uses for read-only: policy '${plane.policy.name}' has posture ${plane.policy.posture}`,
      );
    const ids = values.all ? probedByAll(plane.catalogue, process.stderr) : positionals;
    for (const agentId of ids) {
      const report = await probeAgent(plane, agentId, values, timeoutMs);
      reports.push(report);
      // JSON Lines: each report as soon as its probe ends.
      if (values.json) out.write(`${JSON.stringify(report)}\n`);
    }
  } finally {
    await plane.dispose();
  }
  if (!values.json)
    out.write(values.all ? formatDoctorTable(reports) : reports.map(formatDoctorReport).join("\n"));
  const passed = (r: DoctorReport): boolean =>
    r.ok && r.processGone && (r.probeWrite === null || r.probeWrite.held === true);
  return reports.every(passed) ? EXIT.ok : EXIT.runtime;
}

/** One agent's probe; with --probe-write, in a fresh workspace removed afterwards. */
async function probeAgent(
  plane: Plane,
  agentId: string,
  values: DoctorFlags,
  timeoutMs: number,
): Promise<DoctorReport> {
  const common = {
    manager: plane.manager,
    agentId,
    entry: plane.catalogue.get(agentId),
    policy: plane.policy,
  };
  if (!values["probe-write"]) return runDoctor({ ...common, cwd: resolve(values.cwd ?? ".") });
  const workspace = realpathSync(mkdtempSync(join(tmpdir(), "acpgate-probe-write-")));
  const probe = new WriteProbe(join(workspace, "probe.txt"), timeoutMs);
  try {
    const report = await runDoctor({
      ...common,
      cwd: workspace,
      afterStart: (session) => probe.run(session),
    });
    return { ...report, probeWrite: probe.finish() };
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}
