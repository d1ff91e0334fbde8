import type { AuditRecord } from "../api/types.js";
import type { AuditFilter } from "./AuditFilters.js";

/** The filters the API has no parameter for: actor (or approver), rule, time. */
export function filterRecords(records: AuditRecord[], filter: AuditFilter): AuditRecord[] {
  const actor = filter.actor.trim().toLowerCase();
  const rule = filter.rule.trim().toLowerCase();
  const since = filter.since ? Date.parse(filter.since) : NaN;
  return records.filter(
    (r) =>
      (!actor ||
        r.actor.toLowerCase().includes(actor) ||
        (r.decision?.approver ?? "").toLowerCase().includes(actor)) &&
      (!rule || (r.decision?.ruleId ?? "").toLowerCase().includes(rule)) &&
      (Number.isNaN(since) || Date.parse(r.time) >= since),
  );
}
