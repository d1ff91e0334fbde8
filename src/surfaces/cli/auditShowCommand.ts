import { AcpgateError } from "../../util/errors.js";
import { parseCommandArgs } from "./args.js";
import { openConfiguredStore } from "./configuredStore.js";
import { EXIT } from "./exitCodes.js";

export const AUDIT_SHOW_HELP = `Usage: acpgate audit show ID

Prints one audit record as JSON, with every field.
`;

export async function auditShowCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs("audit show", argv, {
    config: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    process.stdout.write(AUDIT_SHOW_HELP);
    return EXIT.ok;
  }
  const id = Number(positionals[0]);
  if (positionals.length !== 1 || !Number.isInteger(id) || id < 1) {
    throw new AcpgateError(
      "usage",
      `audit show takes one record id (a positive integer)\n${AUDIT_SHOW_HELP}`,
    );
  }
  const store = await openConfiguredStore(values.config);
  try {
    const record = await store.get(id);
    if (!record) {
      process.stderr.write(`acpgate: no audit record ${id}\n`);
      return EXIT.runtime;
    }
    process.stdout.write(`${JSON.stringify(record, null, 2)}\n`);
    return EXIT.ok;
  } finally {
    await store.close();
  }
}
