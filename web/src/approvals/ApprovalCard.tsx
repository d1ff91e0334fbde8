import type { PendingApproval } from "../api/types.js";
import { useCan } from "../app/session.js";
import { Link } from "../common/Link.js";
import { RelativeTime } from "../common/RelativeTime.js";
import { DiffView } from "../session/DiffView.js";
import type { FileDiff } from "../session/toolDiffs.js";
import { DecisionForm } from "./DecisionForm.js";
import { PromotionForm } from "./PromotionForm.js";

/**
 * A permission request waiting for a person: the tool, its paths or command, the diff, the
 * rule that sent it to `ask`. Approvers decide; everyone else sees it without buttons.
 */
export function ApprovalCard(props: {
  approval: PendingApproval;
  diffs?: FileDiff[];
  showSession?: boolean;
}) {
  const { approval } = props;
  const canDecide = useCan("approver");
  return (
    <article
      className="card approval"
      aria-label={`permission request ${approval.title}`}
      data-approval={approval.id}
    >
      <header>
        <strong>{approval.title}</strong> <span className="badge">{approval.kinds.join(", ")}</span>{" "}
        <span className="muted">
          asked <RelativeTime time={approval.askedAt} /> by {approval.agentId}
        </span>
      </header>
      {props.showSession ? (
        <p>
          Session{" "}
          <Link to={`/sessions/${encodeURIComponent(approval.sessionId)}`}>
            {approval.sessionId}
          </Link>
        </p>
      ) : null}
      <dl className="facts">
        {approval.paths.length ? (
          <>
            <dt>Paths</dt>
            <dd>
              {approval.paths.map((p) => (
                <code key={p}>{p} </code>
              ))}
            </dd>
          </>
        ) : null}
        {approval.command ? (
          <>
            <dt>Command</dt>
            <dd>
              <code>{approval.command}</code>
            </dd>
          </>
        ) : null}
        <dt>Rule</dt>
        <dd>
          <code>{approval.ruleId}</code> — {approval.reason}
        </dd>
        <dt>Expires</dt>
        <dd>{new Date(approval.expiresAt).toLocaleTimeString()}</dd>
      </dl>
      {(props.diffs ?? []).map((d) => (
        <DiffView key={d.path} path={d.path} oldText={d.oldText} newText={d.newText} />
      ))}
      {canDecide ? (
        <>
          <DecisionForm approval={approval} />
          <details className="promote-instead">
            <summary>Or promote the whole session to edit</summary>
            <PromotionForm sessionId={approval.sessionId} />
          </details>
        </>
      ) : (
        <p className="muted">An approver decides this request.</p>
      )}
    </article>
  );
}
