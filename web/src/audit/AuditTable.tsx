import type { AuditRecord } from "../api/types.js";
import { Empty } from "../common/States.js";

/** Newest first; a row opens its detail (Enter or click). */
export function AuditTable(props: {
  records: AuditRecord[];
  selected: number | undefined;
  onSelect: (record: AuditRecord) => void;
}) {
  if (props.records.length === 0) return <Empty>No audit records match.</Empty>;
  return (
    <table className="table audit" aria-label="Audit records">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Time</th>
          <th scope="col">Kind</th>
          <th scope="col">Session</th>
          <th scope="col">Actor</th>
          <th scope="col">Tool</th>
          <th scope="col">Decision</th>
          <th scope="col">Rule</th>
        </tr>
      </thead>
      <tbody>
        {props.records.map((r) => (
          <tr
            key={r.id}
            className={props.selected === r.id ? "selected" : undefined}
            data-kind={r.kind}
          >
            <td>
              <button
                type="button"
                className="link"
                onClick={() => props.onSelect(r)}
                aria-label={`record ${r.id}`}
              >
                {r.id}
              </button>
            </td>
            <td>
              <time dateTime={r.time}>{new Date(r.time).toLocaleTimeString()}</time>
            </td>
            <td>{r.kind}</td>
            <td>
              <code>{r.sessionId.slice(0, 12)}</code>
            </td>
            <td>{r.actor}</td>
            <td>{r.tool?.title ?? r.tool?.paths?.join(" ") ?? ""}</td>
            <td>
              {r.decision ? (
                <>
                  <span className={`badge outcome-${r.decision.outcome}`}>
                    {r.decision.outcome}
                  </span>
                  {r.decision.approver ? ` by ${r.decision.approver}` : ""}
                </>
              ) : (
                (r.status ?? "")
              )}
            </td>
            <td>
              <code>{r.decision?.ruleId ?? ""}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
