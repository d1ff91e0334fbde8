import { AcpgateError } from "../../util/errors.js";
import type { AUDIT_SHOW_FLAGS } from "./auditSpecs.js";
import { exportLine } from "./auditExportFormat.js";
import type { CommandInput } from "./commandSpec.js";
import { openConfiguredStore } from "./configuredStore.js";
import { EXIT } from "./exitCodes.js";

export async function auditShowCommand({
  values,
  positionals,
  out,
}: CommandInput<typeof AUDIT_SHOW_FLAGS>): Promise<number> {
  const id = Number(positionals[0]);
  if (positionals.length !== 1 || !Number.isInteger(id) || id < 1) {
    throw new AcpgateError(
      "usage",
      "audit show takes one record id (a positive integer)\nSee 'acpgate audit show --help'.",
    );
  }
  const store = await openConfiguredStore(values.config);
  try {
    const record = await store.get(id);
    if (!record) {
      process.stderr.write(`acpgate: no audit record ${id}\n`);
      return EXIT.runtime;
    }
    if (values.json) {
      out.write(`${exportLine(record)}\n`);
      return EXIT.ok;
    }
    // Text: one field a line, in the export's order; nested values as compact JSON.
    const fields = Object.entries(JSON.parse(exportLine(record)) as Record<string, unknown>);
    for (const [name, value] of fields) {
      if (name === "schema" || value === undefined) continue;
      out.write(
        `${name.padEnd(10)}  ${typeof value === "string" ? value : JSON.stringify(value)}\n`,
      );
    }
    return EXIT.ok;
  } finally {
    await store.close();
  }
}
