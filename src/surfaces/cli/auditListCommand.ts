import { isAuditKind, type AuditRecord } from "../../audit/auditRecord.js";
import { AcpgateError } from "../../util/errors.js";
import type { AUDIT_LIST_FLAGS } from "./auditSpecs.js";
import { exportLine } from "./auditExportFormat.js";
import type { CommandInput } from "./commandSpec.js";
import { openConfiguredStore, parseSince } from "./configuredStore.js";
import { EXIT } from "./exitCodes.js";
import { resolveSessionId } from "./sessionPrefix.js";

export async function auditListCommand({
  values,
  out,
}: CommandInput<typeof AUDIT_LIST_FLAGS>): Promise<number> {
  if (values.kind !== undefined && !isAuditKind(values.kind)) {
    throw new AcpgateError("usage", `--kind: unknown kind '${values.kind}' (see docs/audit.md)`);
  }
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isSafeInteger(limit) && limit > 0))
    throw new AcpgateError("usage", `--limit must be a positive integer (got '${values.limit}')`);
  const since = parseSince(values.since);
  const print = (record: AuditRecord): void =>
    out.write(values.json ? `${exportLine(record)}\n` : `${summaryLine(record)}\n`);
  const store = await openConfiguredStore(values.config);
  try {
    const records = store.iterate({
      ...(values.session ? { sessionId: await resolveSessionId(store, values.session) } : {}),
      ...(values.kind && isAuditKind(values.kind) ? { kind: values.kind } : {}),
      ...(since ? { since } : {}),
    });
    if (limit === undefined) {
      for await (const record of records) {
        print(record);
        await out.room();
        if (out.readerGone) break;
      }
    } else {
      // The newest N: the store reads oldest first, so keep the last N seen.
      const ring: AuditRecord[] = [];
      let seen = 0;
      for await (const record of records) ring[seen++ % limit] = record;
      const start = seen > limit ? seen % limit : 0;
      for (let i = 0; i < ring.length && !out.readerGone; i++) {
        print(ring[(start + i) % ring.length]!);
        await out.room();
      }
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
