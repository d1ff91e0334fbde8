import { parseCommandArgs } from "./args.js";
import { brokenMessage } from "./auditVerifyCommand.js";
import { openConfiguredStore } from "./configuredStore.js";
import { EXIT } from "./exitCodes.js";

export const AUDIT_ANCHOR_HELP = `Usage: acpgate audit anchor [--json]

Verifies the chain, then prints the hash of its newest record: keep it somewhere the
database's owner cannot rewrite (a CI artifact, a ticket, another system). Later,
'acpgate audit verify --anchor HASH' fails if that record is gone or the history up to it was
recomputed. Exits 1, printing nothing on stdout, when the chain is broken or empty.

  --json   {"id", "hash", "records"} instead of the bare hash
`;

export async function auditAnchorCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs("audit anchor", argv, {
    json: { type: "boolean" },
    config: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    process.stdout.write(AUDIT_ANCHOR_HELP);
    return EXIT.ok;
  }
  const store = await openConfiguredStore(values.config);
  try {
    const result = await store.verify();
    if (!result.ok) {
      process.stderr.write(`acpgate: not anchored: ${brokenMessage(result)}\n`);
      return EXIT.runtime;
    }
    if (result.records === 0) {
      process.stderr.write(`acpgate: no audit records to anchor in ${store.location}\n`);
      return EXIT.runtime;
    }
    // Ids are contiguous from 1 in an intact chain: the newest record's id is the count.
    process.stdout.write(
      values.json
        ? `${JSON.stringify({ id: result.records, hash: result.lastHash, records: result.records })}\n`
        : `${result.lastHash}\n`,
    );
    return EXIT.ok;
  } finally {
    await store.close();
  }
}
