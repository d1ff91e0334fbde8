import { oneOf } from "./args.js";
import type { AUDIT_EXPORT_FLAGS } from "./auditSpecs.js";
import { exportLine } from "./auditExportFormat.js";
import type { CommandInput } from "./commandSpec.js";
import { openConfiguredStore, parseSince } from "./configuredStore.js";
import { EXIT } from "./exitCodes.js";
import { resolveSessionId } from "./sessionPrefix.js";

export async function auditExportCommand({
  values,
  out,
}: CommandInput<typeof AUDIT_EXPORT_FLAGS>): Promise<number> {
  oneOf("format", values.format, ["jsonl"], "jsonl");
  const since = parseSince(values.since);
  const store = await openConfiguredStore(values.config);
  try {
    for await (const record of store.iterate({
      ...(values.session ? { sessionId: await resolveSessionId(store, values.session) } : {}),
      ...(since ? { since } : {}),
    })) {
      out.write(`${exportLine(record)}\n`);
      // A reader that went away (`| head`) ends the export: the rest would go nowhere.
      await out.room();
      if (out.readerGone) break;
    }
  } finally {
    await store.close();
  }
  return EXIT.ok;
}
