import type { SessionView } from "../api/types.js";
import { Link } from "../common/Link.js";
import { RelativeTime } from "../common/RelativeTime.js";
import { StateBadge } from "../common/StateBadge.js";
import { Empty } from "../common/States.js";

export function SessionTable({ items, total }: { items: SessionView[]; total: number }) {
  if (items.length === 0)
    return <Empty>No sessions match. Start one above, or change the filters.</Empty>;
  return (
    <>
      <table className="table" aria-label="Sessions">
        <thead>
          <tr>
            <th scope="col">Session</th>
            <th scope="col">Agent</th>
            <th scope="col">Working directory</th>
            <th scope="col">State</th>
            <th scope="col">Waiting</th>
            <th scope="col">Actor</th>
            <th scope="col">Age</th>
            <th scope="col">Last activity</th>
          </tr>
        </thead>
        <tbody>
          {items.map((s) => (
            <tr key={s.id} data-session={s.id}>
              <td>
                <Link to={`/sessions/${encodeURIComponent(s.id)}`}>
                  <code>{s.id.slice(0, 16)}</code>
                </Link>
              </td>
              <td>{s.agentId}</td>
              <td className="path" title={s.cwd}>
                {s.cwd}
              </td>
              <td>
                <StateBadge state={s.state} />
              </td>
              <td>
                {s.pendingPermissions ? (
                  <span className="count">{s.pendingPermissions}</span>
                ) : null}
              </td>
              <td>{s.actor ?? "—"}</td>
              <td>
                <RelativeTime time={s.createdAt} />
              </td>
              <td>
                <RelativeTime time={s.lastActivityAt ?? s.endedAt ?? s.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        {items.length} of {total} shown
      </p>
    </>
  );
}
