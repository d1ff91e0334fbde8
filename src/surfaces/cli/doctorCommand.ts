import { resolve } from "node:path";
import { runDoctor } from "./doctor.js";
import type { DoctorReport } from "./doctorReport.js";
import { AcpgateError } from "../../util/errors.js";
import { createPlane } from "../plane.js";
import { parseCommandArgs } from "./args.js";
import { formatDoctorReport, formatDoctorTable } from "./doctorPrinter.js";
import { EXIT } from "./exitCodes.js";

export const DOCTOR_HELP = `Usage: acpgate agents doctor ID [--json] [--cwd DIR] [--config FILE]
       acpgate agents doctor --all [--json] [--cwd DIR] [--config FILE]

Starts the agent, initializes it (and authenticates when its entry names an auth method),
opens a session, prints its capability matrix and the time each step took, then closes it
and checks that no process is left. Sends no prompt: no model is called.

Options:
  --all          every agent of the catalogue, one after the other, as a table
  --json         the report as JSON (schema acpgate.doctor.v1; --all prints an array)
  --cwd DIR      the probe session's working directory (default: .)
  --config FILE  configuration file (default: ./acpgate.yaml, else the embedded default)

Exit code: 0 when every probed agent passed, 1 otherwise, 2 for a usage error.
`;

export async function doctorCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs("agents doctor", argv, {
    all: { type: "boolean" },
    json: { type: "boolean" },
    cwd: { type: "string" },
    config: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    process.stdout.write(DOCTOR_HELP);
    return EXIT.ok;
  }
  if (Boolean(values.all) === positionals.length > 0 || positionals.length > 1)
    throw new AcpgateError("usage", `give one agent ID or --all\n\n${DOCTOR_HELP}`);
  const plane = createPlane({ configFile: values.config, cwd: process.cwd() });
  const ids = values.all ? plane.catalogue.ids() : positionals;
  const reports: DoctorReport[] = [];
  try {
    for (const agentId of ids) {
      const entry = plane.catalogue.get(agentId);
      reports.push(
        await runDoctor({
          manager: plane.manager,
          agentId,
          cwd: resolve(values.cwd ?? "."),
          ...(entry.auth ? { authMethod: entry.auth.method } : {}),
        }),
      );
    }
  } finally {
    await plane.dispose();
  }
  if (values.json)
    process.stdout.write(JSON.stringify(values.all ? reports : reports[0], null, 2) + "\n");
  else
    process.stdout.write(
      values.all ? formatDoctorTable(reports) : reports.map(formatDoctorReport).join("\n"),
    );
  return reports.every((r) => r.ok && r.processGone) ? EXIT.ok : EXIT.runtime;
}
