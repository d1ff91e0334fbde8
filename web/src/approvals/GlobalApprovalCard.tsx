import type { PendingApproval } from "../api/types.js";
import { ApprovalCard } from "./ApprovalCard.js";
import { useToolCallDiffs } from "./useToolCallDiffs.js";

/** An approval on the "waiting for you" page, with the diff read from its session. */
export function GlobalApprovalCard({ approval }: { approval: PendingApproval }) {
  const diffs = useToolCallDiffs(approval);
  return <ApprovalCard approval={approval} diffs={diffs} showSession />;
}
