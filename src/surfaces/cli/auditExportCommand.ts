import { parseCommandArgs, oneOf } from "./args.js";
import { exportLine } from "./auditExportFormat.js";
import { openConfiguredStore, parseSince } from "./configuredStore.js";
import { EXIT } from "./exitCodes.js";

export const AUDIT_EXPORT_HELP = `Usage: acpgate audit export --format jsonl [--session ID] [--since T]

Writes every audit record as one JSON object per line (fields in docs/audit.md).
`;

export async function auditExportCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs("audit export", argv, {
    format: { type: "string" },
    session: { type: "string" },
    since: { type: "string" },
    config: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    process.stdout.write(AUDIT_EXPORT_HELP);
    return EXIT.ok;
  }
  oneOf("format", values.format, ["jsonl"], "jsonl");
  const store = await openConfiguredStore(values.config);
  try {
    for await (const record of store.iterate({
      ...(values.session ? { sessionId: values.session } : {}),
      ...(values.since ? { since: parseSince(values.since) } : {}),
    })) {
      if (!process.stdout.write(`${exportLine(record)}\n`)) {
        await new Promise((resolve) => process.stdout.once("drain", resolve));
      }
    }
  } finally {
    await store.close();
  }
  return EXIT.ok;
}
