import { useEffect, useRef } from "react";
import type { AuditRecord } from "../api/types.js";
import { DiffView } from "../session/DiffView.js";

/** One record in full: decision, diff, hashes, and its JSON. */
export function AuditDetail({ record, onClose }: { record: AuditRecord; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [record.id]);
  return (
    <aside className="card audit-detail" aria-labelledby="record-title">
      <h2 id="record-title" tabIndex={-1} ref={heading}>
        Record {record.id}: {record.kind}
      </h2>
      <button type="button" onClick={onClose}>
        Close
      </button>
      {record.decision ? (
        <p data-testid="record-decision">
          {record.decision.outcome}
          {record.decision.approver ? ` by ${record.decision.approver}` : ""} —{" "}
          {record.decision.reason}
        </p>
      ) : null}
      {record.diff?.text ? (
        <DiffView path={record.tool?.paths?.[0] ?? "file"} text={record.diff.text} />
      ) : null}
      {record.diff?.truncated ? (
        <p className="muted">The diff is truncated (large hunks are kept as hashes).</p>
      ) : null}
      <dl className="facts">
        <dt>Hash</dt>
        <dd>
          <code>{record.hash}</code>
        </dd>
        <dt>Previous</dt>
        <dd>
          <code>{record.prevHash || "(first record)"}</code>
        </dd>
      </dl>
      <details>
        <summary>JSON</summary>
        <pre>{JSON.stringify(record, null, 2)}</pre>
      </details>
    </aside>
  );
}
