import type { AUDIT_ANCHOR_FLAGS } from "./auditSpecs.js";
import { brokenMessage } from "./auditVerifyCommand.js";
import type { CommandInput } from "./commandSpec.js";
import { openConfiguredStore } from "./configuredStore.js";
import { EXIT } from "./exitCodes.js";

/** `audit anchor --json`: the version of the line. */
export const AUDIT_ANCHOR_SCHEMA = "acpgate.audit-anchor.v1";

export async function auditAnchorCommand({
  values,
  out,
}: CommandInput<typeof AUDIT_ANCHOR_FLAGS>): Promise<number> {
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
    // One chain: ids are contiguous from 1, the newest record's id is the count. Several (a
    // chain per replica): the head of each, one anchor a chain (`verify --anchor` takes all).
    const chains = result.chains?.map((c) => ({
      chain: c.chain,
      id: c.headId ?? 0,
      hash: c.head,
      records: c.records,
    }));
    const line = {
      schema: AUDIT_ANCHOR_SCHEMA,
      id: chains ? Math.max(...chains.map((c) => c.id)) : result.records,
      hash: result.lastHash,
      records: result.records,
      ...(chains ? { chains } : {}),
    };
    const heads = chains ? chains.map((c) => `${c.hash}\n`).join("") : `${result.lastHash}\n`;
    out.write(values.json ? `${JSON.stringify(line)}\n` : heads);
    return EXIT.ok;
  } finally {
    await store.close();
  }
}
