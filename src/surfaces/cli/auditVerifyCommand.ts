import { parseCommandArgs } from "./args.js";
import { openConfiguredStore } from "./configuredStore.js";
import { EXIT } from "./exitCodes.js";

export const AUDIT_VERIFY_HELP = `Usage: acpgate audit verify [--json]

Recomputes the hash chain of every audit record. Exits 0 when intact; otherwise exits 1 and
names the first broken record (edited, removed or re-linked).
`;

export async function auditVerifyCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs("audit verify", argv, {
    json: { type: "boolean" },
    config: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    process.stdout.write(AUDIT_VERIFY_HELP);
    return EXIT.ok;
  }
  const store = await openConfiguredStore(values.config);
  try {
    const result = await store.verify();
    if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
    if (result.ok) {
      if (values.json) return EXIT.ok;
      process.stdout.write(
        store.absent
          ? `no audit records: no database at ${store.location}\n`
          : `audit chain intact: ${result.records} records\n`,
      );
      return EXIT.ok;
    }
    process.stderr.write(
      `acpgate: audit chain broken at record ${result.brokenId}: ${result.reason}\n`,
    );
    return EXIT.runtime;
  } finally {
    await store.close();
  }
}
