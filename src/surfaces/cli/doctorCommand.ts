import { resolve } from "node:path";
import { runDoctor } from "./doctor.js";
import type { DoctorReport } from "./doctorReport.js";
import { AcpgateError } from "../../util/errors.js";
import { createPlane } from "../plane.js";
import type { AGENTS_DOCTOR_FLAGS } from "./agentsSpecs.js";
import type { CommandInput } from "./commandSpec.js";
import { formatDoctorReport, formatDoctorTable } from "./doctorPrinter.js";
import { EXIT } from "./exitCodes.js";

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
  const ids = values.all ? plane.catalogue.ids() : positionals;
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
