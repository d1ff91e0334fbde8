import { resolve } from "node:path";
import { runDoctor } from "./doctor.js";
import type { DoctorReport } from "./doctorReport.js";
import { AcpgateError } from "../../util/errors.js";
import { createPlane } from "../plane.js";
import type { AGENTS_DOCTOR_FLAGS } from "./agentsSpecs.js";
import type { CommandInput } from "./commandSpec.js";
import { formatDoctorReport, formatDoctorTable } from "./doctorPrinter.js";
import { EXIT } from "./exitCodes.js";
import { availability } from "../../agents/availability.js";
import type { Catalogue } from "../../agents/catalogue.js";

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
  const plane = createPlane({ configFile: values.config, cwd: process.cwd(), audit: false });
  const ids = values.all ? probedByAll(plane.catalogue, process.stderr) : positionals;
  const reports: DoctorReport[] = [];
  try {
    for (const agentId of ids) {
      const entry = plane.catalogue.get(agentId);
      const report = await runDoctor({
        manager: plane.manager,
        agentId,
        cwd: resolve(values.cwd ?? "."),
        ...(entry.auth ? { authMethod: entry.auth.method } : {}),
      });
      reports.push(report);
      // JSON Lines: each report as soon as its probe ends.
      if (values.json) out.write(`${JSON.stringify(report)}\n`);
    }
  } finally {
    await plane.dispose();
  }
  if (!values.json)
    out.write(values.all ? formatDoctorTable(reports) : reports.map(formatDoctorReport).join("\n"));
  return reports.every((r) => r.ok && r.processGone) ? EXIT.ok : EXIT.runtime;
}
