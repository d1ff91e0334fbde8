import type { PendingApproval } from "../api/types.js";
import { ApprovalCard } from "../approvals/ApprovalCard.js";
import type { PermissionItem } from "./timeline.js";
import type { FileDiff } from "./toolDiffs.js";

/** A permission request in the conversation: the live card while it waits, then its decision. */
export function PermissionItemView(props: {
  item: PermissionItem;
  pending?: PendingApproval;
  diffs: FileDiff[];
}) {
  const { asked, decided } = props.item;
  if (!decided && props.pending)
    return <ApprovalCard approval={props.pending} diffs={props.diffs} />;
  return (
    <p
      className={`event-line permission ${decided?.outcome ?? "waiting"}`}
      data-type="permission_decided"
    >
      <span className="seq">#{asked.seq}</span> permission for <strong>{asked.title}</strong>:{" "}
      {decided ? (
        <>
          <span className={`badge outcome-${decided.outcome}`}>{decided.outcome}</span> by{" "}
          <strong>{decided.decidedBy}</strong>
          {decided.ruleId ? (
            <>
              {" "}
              (<code>{decided.ruleId}</code>)
            </>
          ) : null}{" "}
          — {decided.reason}
        </>
      ) : (
        "waiting for a person"
      )}
    </p>
  );
}
