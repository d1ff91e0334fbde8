import { isAuditKind, type AuditRecord } from "../../audit/auditRecord.js";
import { AcpgateError } from "../../util/errors.js";
import { parseCommandArgs } from "./args.js";
import { exportLine } from "./auditExportFormat.js";
import { openConfiguredStore, parseSince } from "./configuredStore.js";
import { EXIT } from "./exitCodes.js";

export const AUDIT_LIST_HELP = `Usage: acpgate audit list [--session ID] [--kind K] [--since T] [--limit N] [--json]

Lists audit records, oldest first. --since takes a date/time or a duration ago (24h, 7d).
`;

export async function auditListCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs("audit list", argv, {
    session: { type: "string" },
    kind: { type: "string" },
    since: { type: "string" },
    limit: { type: "string" },
    json: { type: "boolean" },
    config: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    process.stdout.write(AUDIT_LIST_HELP);
    return EXIT.ok;
  }
  if (values.kind !== undefined && !isAuditKind(values.kind)) {
    throw new AcpgateError("usage", `--kind: unknown kind '${values.kind}' (see docs/audit.md)`);
  }
  const limit = values.limit === undefined ? Infinity : Number(values.limit);
  if (!(limit > 0)) throw new AcpgateError("usage", "--limit must be a positive number");
  const store = await openConfiguredStore(values.config);
  try {
    let count = 0;
    for await (const record of store.iterate({
      ...(values.session ? { sessionId: values.session } : {}),
      ...(values.kind && isAuditKind(values.kind) ? { kind: values.kind } : {}),
      ...(values.since ? { since: parseSince(values.since) } : {}),
    })) {
      process.stdout.write(values.json ? `${exportLine(record)}\n` : `${summaryLine(record)}\n`);
      if (++count >= limit) break;
    }
  } finally {
    await store.close();
  }
  return EXIT.ok;
}

/** `12  2026-…Z  permission_decided  policy  ses_1234abcd  reject Write out.txt [rule read-only]` */
export function summaryLine(r: AuditRecord): string {
  const what = [
    r.decision ? `${r.decision.outcome}` : r.status,
    r.tool?.title ?? r.tool?.command ?? r.tool?.paths?.join(","),
    r.decision?.ruleId ? `[rule ${r.decision.ruleId}]` : undefined,
    r.decision?.approver ? `[by ${r.decision.approver}]` : undefined,
  ]
    .filter((part) => part !== undefined && part !== "")
    .join(" ");
  return [
    String(r.id).padStart(6),
    r.time,
    r.kind.padEnd(18),
    r.actor.padEnd(10),
    r.sessionId.slice(0, 12),
    what,
  ].join("  ");
}
