import { useState } from "react";
import type { AuditRecord } from "../api/types.js";
import { usePortal } from "../app/session.js";
import { ErrorBox, Loading } from "../common/States.js";
import { AuditDetail } from "./AuditDetail.js";
import { AuditFilters, type AuditFilter } from "./AuditFilters.js";
import { AuditTable } from "./AuditTable.js";
import { ChainStatus } from "./ChainStatus.js";
import { filterRecords } from "./filterRecords.js";
import { useAuditRecords } from "./useAuditRecords.js";

/** The audit: server-side filters (session, kind), client-side (actor, rule, time), detail, chain status. */
export function AuditPage({ initialSession }: { initialSession?: string | undefined }) {
  const { api } = usePortal();
  const [filter, setFilter] = useState<AuditFilter>({
    session: initialSession ?? "",
    kind: "",
    actor: "",
    rule: "",
    since: "",
  });
  const [selected, setSelected] = useState<AuditRecord>();
  const records = useAuditRecords(api, filter);
  const shown = filterRecords(records.records, filter);
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit</h1>
      <ChainStatus />
      <AuditFilters filter={filter} onChange={setFilter} />
      {records.error ? <ErrorBox error={records.error} what="the audit" /> : null}
      {records.loading ? <Loading what="audit records" /> : null}
      <div className="audit-layout">
        {records.loading ? null : (
          <AuditTable records={shown} selected={selected?.id} onSelect={setSelected} />
        )}
        {selected ? <AuditDetail record={selected} onClose={() => setSelected(undefined)} /> : null}
      </div>
    </section>
  );
}
