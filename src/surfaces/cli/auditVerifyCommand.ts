import type { AUDIT_VERIFY_FLAGS } from "./auditSpecs.js";
import type { CommandInput } from "./commandSpec.js";
import { openConfiguredStore } from "./configuredStore.js";
import { EXIT } from "./exitCodes.js";

/** `audit verify --json`: the version of the line, bumped on incompatible change. */
export const AUDIT_VERIFY_SCHEMA = "acpgate.audit-verify.v1";

export async function auditVerifyCommand({
  values,
  out,
}: CommandInput<typeof AUDIT_VERIFY_FLAGS>): Promise<number> {
  const store = await openConfiguredStore(values.config);
  try {
    const result = await store.verify();
    if (values.json) out.write(`${JSON.stringify({ schema: AUDIT_VERIFY_SCHEMA, ...result })}\n`);
    if (result.ok) {
      if (!values.json) out.write(`audit chain intact: ${result.records} records\n`);
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
