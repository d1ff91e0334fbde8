import type { VerifyResult } from "../../audit/chainVerifier.js";
import { parseCommandArgs } from "./args.js";
import { openConfiguredStore } from "./configuredStore.js";
import { EXIT } from "./exitCodes.js";

export const AUDIT_VERIFY_HELP = `Usage: acpgate audit verify [--anchor HASH]... [--json]

Checks the audit database (SQLite's integrity check of the whole file) and recomputes the
hash chain of every record (keyed records with storage.chainKey). Exits 0 when intact;
otherwise exits 1 and names the first broken record (edited, removed or re-linked), or the
damage found.

  --anchor HASH   a hash printed earlier by 'acpgate audit anchor' and kept elsewhere: it must
                  still be in the chain (detects a truncated or recomputed history)
  --json          the result as one JSON object ({ok, records, lastHash} or {ok, problem, …})
`;

export async function auditVerifyCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs("audit verify", argv, {
    anchor: { type: "string", multiple: true },
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
    const result = await store.verify({ anchors: values.anchor ?? [] });
    if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
    if (!result.ok) {
      process.stderr.write(`acpgate: ${brokenMessage(result)}\n`);
      return EXIT.runtime;
    }
    if (values.json) return EXIT.ok;
    const anchored = values.anchor?.length ? `, ${values.anchor.length} anchor(s) found` : "";
    process.stdout.write(
      store.absent
        ? `no audit records: no database at ${store.location}\n`
        : `audit chain intact: ${result.records} records${anchored}\n`,
    );
    return EXIT.ok;
  } finally {
    await store.close();
  }
}

/** `audit chain broken at record 734: content does not match its hash (edited)` */
export function brokenMessage(result: Extract<VerifyResult, { ok: false }>): string {
  return result.brokenId === undefined
    ? result.reason
    : `audit chain broken at record ${result.brokenId}: ${result.reason}`;
}
