import type { ChainSummary, VerifyResult } from "../../audit/chainVerifier.js";
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
    const result = await store.verify({ anchors: values.anchor ?? [] });
    if (values.json) out.write(`${JSON.stringify({ schema: AUDIT_VERIFY_SCHEMA, ...result })}\n`);
    else if (result.chains) out.write(result.chains.map(chainLine).join(""));
    if (!result.ok) {
      process.stderr.write(`acpgate: ${brokenMessage(result)}\n`);
      return EXIT.runtime;
    }
    if (values.json) return EXIT.ok;
    const anchored = values.anchor?.length ? `, ${values.anchor.length} anchor(s) found` : "";
    out.write(
      store.absent
        ? `no audit records: no database at ${store.location}\n`
        : result.chains
          ? `audit chains intact: ${result.records} records in ${result.chains.length} chains${anchored}\n`
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

/** `chain 'a': ok, 14 records, head 3f…` — one line of each chain of a database with several. */
export function chainLine(chain: ChainSummary): string {
  const name = chain.chain === "" ? "chain '' (default)" : `chain '${chain.chain}'`;
  const state = chain.ok
    ? `ok, ${chain.records} records, head ${chain.head}`
    : `broken at record ${chain.brokenId ?? "?"} (${chain.problem ?? "?"}), ${chain.records} records read`;
  return `${name}: ${state}\n`;
}
